import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  Select,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import {
  REFERENCE_HEADERS,
  REFERENCE_HEADER_LABELS,
  referenceBodySchema,
  referenceProblem,
  type CompanyReference,
  type ReferenceField,
  type ReferenceHeader,
} from '@courier/domain/companies/references';
import { maxLengthOf } from '@courier/domain/common/field-limits';
import { ApiRequestError } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { DateText } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { useCompanyReferenceMutations, useCompanyReferences } from '@/api/company-references.ts';
import { useGuardedClose } from '@/ui/discard-changes-dialog.tsx';
import { textLimitOf, TOO_LONG_NOT_SAVED } from '@/ui/text-limit.ts';

const OPTION_LIMIT = maxLengthOf(referenceBodySchema.shape.values.element);

/**
 * The limits of a draft's texts, from the server's schema: a long paste is kept whole, counted and
 * marked at once, never cut by a maxlength; Save sends nothing while one is past its limit.
 */
function limitsOf(draft: Draft): Record<'name' | 'description' | 'values', ReturnType<typeof textLimitOf>> {
  return {
    name: textLimitOf(referenceBodySchema.shape.name, draft.name),
    description: textLimitOf(referenceBodySchema.shape.description, draft.description, { multiline: true }),
    // The options are sent only while they limit the reference: the first one past its limit, by its message.
    values: draft.limitOptions
      ? (draft.values
          .map((value) => textLimitOf(referenceBodySchema.shape.values.element, value))
          .find((limit) => limit.overLimit !== undefined) ?? {})
      : {},
  };
}
const isOverLimit = (draft: Draft) => Object.values(limitsOf(draft)).some((limit) => limit.overLimit !== undefined);

interface Draft {
  id?: number;
  name: string;
  header: ReferenceHeader | null;
  values: string[];
  limitOptions: boolean;
  description: string;
}

const NEW_DRAFT: Draft = { name: '', header: null, values: [], limitOptions: false, description: '' };

/** Whether the editor holds anything typed since it opened: closing it then asks first. */
function hasChanges({ opened, draft }: { opened: Draft; draft: Draft }): boolean {
  return (
    draft.name !== opened.name ||
    draft.header !== opened.header ||
    draft.limitOptions !== opened.limitOptions ||
    draft.description !== opened.description ||
    draft.values.join('\n') !== opened.values.join('\n')
  );
}

/** Company References tab (spec 1 §2, §5): list, add, right slide-in editor, delete with confirmation. */
export function CompanyReferencesTab({ companyId }: { companyId: number }) {
  const references = useCompanyReferences(companyId);
  const { save, remove } = useCompanyReferenceMutations(companyId);
  // The draft as it was when the editor opened is kept beside it: closing with changes asks first.
  const [editing, setEditing] = useState<{ opened: Draft; draft: Draft } | null>(null);
  const draft = editing?.draft ?? null;
  const setDraft = (changed: Draft) => setEditing((current) => current && { ...current, draft: changed });
  /** The first rule the last Save found broken (spec 1 §5), shown on the field it concerns. */
  const [problem, setProblem] = useState<{ field: ReferenceField; message: string } | null>(null);
  /** The server's refusal (400) of the last save: its fields are marked with its messages. */
  const [refusal, setRefusal] = useState<ApiRequestError | null>(null);
  const [deleting, setDeleting] = useState<CompanyReference | null>(null);
  // Save was refused for a text past its limit: said under the fields until none is.
  const [saveRefused, setSaveRefused] = useState(false);

  const open = (reference?: CompanyReference) => {
    setProblem(null);
    setRefusal(null);
    setSaveRefused(false);
    const opened = reference
      ? {
          id: reference.id,
          name: reference.name,
          header: reference.header,
          values: reference.values,
          limitOptions: reference.values.length > 0,
          description: reference.description,
        }
      : NEW_DRAFT;
    setEditing({ opened, draft: opened });
  };
  // Closing with unsaved changes (Escape, the close button, a click outside, Cancel) asks first.
  const { requestClose, closeNow, question } = useGuardedClose({
    unsaved: () => editing !== null && hasChanges(editing),
    close: () => setEditing(null),
    subject: 'The reference has changes that are not saved.',
  });

  const submit = () => {
    if (!draft) return;
    const found = referenceProblem(
      draft,
      (references.data ?? []).map((r) => ({ id: r.id, header: r.header })),
    );
    setProblem(found);
    setRefusal(null);
    const tooLong = isOverLimit(draft);
    setSaveRefused(tooLong);
    if (found || tooLong) return;
    save.mutate(
      {
        id: draft.id,
        body: {
          name: draft.name,
          header: draft.header,
          values: draft.limitOptions ? draft.values : [],
          description: draft.description,
          limitOptions: draft.limitOptions,
        },
      },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Success',
            message: `The reference "${saved.name}" has been ${draft.id ? 'updated' : 'created'}`,
            type: 'success',
          });
          closeNow();
        },
        // A refused field is marked with the server's message; only a real failure says 'try again'.
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'VALIDATION') {
            setRefusal(error);
            toast({
              ...NOT_SAVED_TOAST,
              ...(error.body?.details?.length ? {} : { message: error.message }),
              type: 'warn',
            });
          } else toast({ title: 'Sorry', message: 'Something went wrong. Please try again.', type: 'error' });
        },
      },
    );
  };

  const limits = draft ? limitsOf(draft) : undefined;
  // A text past its limit, else a rule broken before sending, else the server's message for the field it named.
  const fieldError = (field: 'name' | 'header' | 'description') =>
    (field === 'header' ? undefined : limits?.[field].overLimit) ??
    (problem?.field === field ? problem.message : undefined) ??
    refusal?.fieldMessage(field);
  // The server names an option by its place ('body.values.1'); the options are one input.
  const optionsError =
    limits?.values.overLimit ??
    (problem?.field === 'values' ? problem.message : undefined) ??
    refusal?.body?.details?.find((detail) => detail.field === 'body.values' || detail.field.startsWith('body.values.'))
      ?.message;

  if (references.isPending) return <LoadingState text="Loading References..." />;
  if (references.isError) return <ErrorState onRetry={() => void references.refetch()} />;

  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>References</Text>
        <Button onClick={() => open()}>Add Reference</Button>
      </Group>
      {references.data.length === 0 ? (
        <EmptyState title="No References" />
      ) : (
        <Stack gap="xs">
          {references.data.map((reference) => (
            <Paper key={reference.id} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap">
                {/* minWidth 0 lets a long name shrink and truncate instead of widening the page. */}
                <UnstyledButton onClick={() => open(reference)} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="sm" wrap="nowrap">
                    <Tooltip label={reference.name} multiline maw={480} openDelay={300}>
                      <Text fw={600} truncate="end" style={{ minWidth: 0 }}>
                        {reference.name}
                      </Text>
                    </Tooltip>
                    <Badge variant="filled" color="blue.9" style={{ flexShrink: 0 }}>
                      {REFERENCE_HEADER_LABELS[reference.header]}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {reference.values.length > 0 ? `Options: ${reference.values.join(', ')}` : 'Free text'}
                    {reference.description ? ` · ${reference.description}` : ''} · Created{' '}
                    <DateText value={reference.createdAt} />
                  </Text>
                </UnstyledButton>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={`Delete ${reference.name}`}
                  onClick={() => setDeleting(reference)}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <SlideIn opened={draft !== null} onClose={requestClose} title={draft?.id ? 'Edit Reference' : 'New Reference'}>
        {draft && (
          <Stack>
            <TextInput
              label="Name"
              description={limits?.name.count}
              value={draft.name}
              error={fieldError('name')}
              onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
              data-autofocus
            />
            <Select
              label="Header"
              placeholder="Choose a header"
              data={REFERENCE_HEADERS.map((header) => ({ value: header, label: REFERENCE_HEADER_LABELS[header] }))}
              value={draft.header}
              error={fieldError('header')}
              onChange={(header) => setDraft({ ...draft, header: header as ReferenceHeader | null })}
            />
            <Textarea
              label="Description"
              description={limits?.description.count}
              autosize
              maxRows={8}
              value={draft.description}
              error={fieldError('description')}
              onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
            />
            <Switch
              label="Limit the options"
              description={draft.limitOptions ? 'On: only the options below are accepted' : 'Off: any text is accepted'}
              checked={draft.limitOptions}
              onChange={(event) => setDraft({ ...draft, limitOptions: event.currentTarget.checked })}
            />
            {draft.limitOptions && (
              <TagsInput
                label="Options"
                description={`Type an option and press Enter; at most ${OPTION_LIMIT} characters each`}
                error={optionsError}
                value={draft.values}
                onChange={(values) => setDraft({ ...draft, values })}
              />
            )}
            {saveRefused && isOverLimit(draft) && (
              <Text size="sm" c="red.9" role="alert">
                {TOO_LONG_NOT_SAVED}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose}>
                Cancel
              </Button>
              <Button onClick={submit} loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </SlideIn>

      {question}

      <ConfirmDialog
        opened={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete Reference"
        confirm={{
          label: 'Delete',
          kind: 'DESTRUCTIVE',
          loading: remove.isPending,
          onClick: () =>
            deleting &&
            remove.mutate(deleting.id, {
              onSuccess: (removed) => {
                toast({
                  title: 'Success',
                  message: `The reference "${removed.name}" has been deleted`,
                  type: 'success',
                });
                setDeleting(null);
              },
              onError: () =>
                toast({ title: 'Sorry', message: 'Something went wrong. Please try again.', type: 'error' }),
            }),
        }}
      >
        {`Are you sure you want to delete to ${deleting?.name ?? ''}?`}
      </ConfirmDialog>
    </Stack>
  );
}
