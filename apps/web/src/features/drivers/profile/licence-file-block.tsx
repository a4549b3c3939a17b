import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  LICENCE_FILE_EMPTY_MESSAGE,
  LICENCE_FILE_TOO_LARGE_MESSAGE,
  LICENCE_FILE_TYPE_MESSAGE,
  licenceFileTypeOf,
  MAX_LICENCE_FILE_BYTES,
  type LicenceFile,
} from '@courier/domain/drivers/profile';
import { ApiRequestError } from '@/api/client.ts';
import { fetchLicenceFile, useDeleteLicenceFile, useUploadLicenceFile } from '@/api/drivers.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { DateText } from '@/ui/format.tsx';
import { saveFile } from '@/ui/save-file.ts';
import { toast } from '@/ui/toast.ts';

const ACCEPTED = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** 12.3 KB, 1.4 MB: the size of a stored scan as staff read it. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The same checks the server makes (domain drivers/profile.ts), before the file is sent: not
 * empty, at most 10 MB, and a PDF, JPEG or PNG by its first bytes (a name or type can be anything).
 */
async function fileProblem(file: File): Promise<string | undefined> {
  if (file.size === 0) return LICENCE_FILE_EMPTY_MESSAGE;
  if (file.size > MAX_LICENCE_FILE_BYTES) return LICENCE_FILE_TOO_LARGE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return licenceFileTypeOf(head) ? undefined : LICENCE_FILE_TYPE_MESSAGE;
}

/** The driver's licence scan (spec 2 §7 PUT/DELETE /drivers/{uuid}/licence): see, upload, download, delete. */
export function LicenceFileBlock({ uuid, file }: { uuid: string; file: LicenceFile | null }) {
  const upload = useUploadLicenceFile(uuid);
  const remove = useDeleteLicenceFile(uuid);
  const [problem, setProblem] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const failure = upload.error ?? remove.error;

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    const found = await fileProblem(chosen);
    setProblem(found);
    if (found) return;
    upload.mutate(chosen, {
      onSuccess: () => toast({ title: 'Licence uploaded', message: `${chosen.name} has been saved.`, type: 'success' }),
      onError: (error) => toast({ title: 'Licence not uploaded', message: error.message, type: 'error' }),
    });
  };

  const download = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      saveFile(file.fileName, await fetchLicenceFile(uuid));
    } catch (error) {
      toast({ title: 'Error', message: error instanceof Error ? error.message : String(error), type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper withBorder p="sm" role="group" aria-label="Licence file">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Licence file
        </Text>
        {file ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm" fw={500} data-licence-file-name>
                {file.fileName}
              </Text>
              <Text size="xs" c="gray.8">
                {sizeText(file.size)} · uploaded <DateText value={file.uploadedAt} withTime />
              </Text>
            </Stack>
            <Group gap="xs">
              <Button size="xs" variant="default" loading={downloading} onClick={() => void download()}>
                Download
              </Button>
              <Button size="xs" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
                Delete licence file
              </Button>
            </Group>
          </Group>
        ) : (
          <Text size="sm" c="gray.8">
            No licence file uploaded.
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="gray.8">
            PDF, JPEG or PNG, at most {MAX_LICENCE_FILE_BYTES / 1024 / 1024} MB.
          </Text>
          <FileButton accept={ACCEPTED} onChange={(chosen) => void choose(chosen)}>
            {(props) => (
              <Button size="xs" loading={upload.isPending} {...props}>
                {file ? 'Replace licence file' : 'Upload licence file'}
              </Button>
            )}
          </FileButton>
        </Group>
        {(problem ?? failure) && (
          <Alert color="red" variant="light" title="Licence file" role="alert">
            {problem ?? (failure instanceof ApiRequestError ? failure.message : String(failure))}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        title="Delete Licence File"
        confirm={{
          label: 'Delete',
          kind: 'DESTRUCTIVE',
          loading: remove.isPending,
          onClick: () =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: 'Licence deleted', message: 'The licence file has been deleted.', type: 'success' });
              },
              onError: (error) => {
                setConfirming(false);
                toast({ title: 'Licence not deleted', message: error.message, type: 'error' });
              },
            }),
        }}
      >
        {file ? `Are you sure you want to delete ${file.fileName}? This cannot be undone.` : ''}
      </ConfirmDialog>
    </Paper>
  );
}
