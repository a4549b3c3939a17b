import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  MAX_PUSH_MESSAGE_LENGTH,
  MAX_PUSH_TITLE_LENGTH,
  pushMessageBodySchema,
} from '@courier/domain/driver-pay/documents';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import { usePushMessage } from '@/api/driver-pay.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';

type Field = 'title' | 'message';
type FieldErrors = Partial<Record<Field, string>>;

/** The domain schema's message for each field that fails (the server checks the same schema). */
function problemsOf(body: { driverId: number; title: string; message: string }): FieldErrors {
  const result = pushMessageBodySchema.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const field of ['title', 'message'] as const) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A push message to one driver's app (spec 2 §7 'Pay', PUT push-message): a title and a message,
 * checked at their fields against the domain's limits before it is sent.
 */
export function PushMessageDialog({
  driver,
  onClose,
}: {
  driver: PayPeriod['driver'] | undefined;
  onClose: () => void;
}) {
  return driver ? <PushMessageForm key={driver.id} driver={driver} onClose={onClose} /> : null;
}

function PushMessageForm({ driver, onClose }: { driver: PayPeriod['driver']; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const push = usePushMessage();
  const name = `${driver.firstName} ${driver.lastName}`;

  const send = () => {
    const body = { driverId: driver.id, title, message };
    const problems = problemsOf(body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    push.mutate(pushMessageBodySchema.parse(body), {
      onSuccess: (answer) => {
        toast({ type: 'success', title: 'Message sent', message: answer.message });
        onClose();
      },
      onError: (failure) => {
        // A 400 naming a field marks it with the server's message, as the check above would.
        const named =
          failure instanceof ApiRequestError && failure.status === 400
            ? { title: failure.fieldMessage('title'), message: failure.fieldMessage('message') }
            : {};
        if (named.title || named.message) {
          setErrors(named);
          return;
        }
        toast({
          type: 'error',
          title: 'Failed to send the message',
          message: isRefusal(failure) ? failure.message : `The message to ${name} could not be sent. Please try again.`,
          duration: 'NORMAL',
        });
      },
    });
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title={`Message to ${name}`}
      actions={[
        { label: 'Cancel', kind: 'DEFAULT', onClick: onClose },
        { label: 'Send message', kind: 'CONFIRM', onClick: send, loading: push.isPending },
      ]}
    >
      <Stack
        gap="sm"
        component="form"
        aria-label={`Message to ${name}`}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Text size="sm" c="gray.8">
          {`Driver ${driver.driverNumber} sees it in the driver app.`}
        </Text>
        <TextInput
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          description={`Up to ${MAX_PUSH_TITLE_LENGTH} characters`}
          data-autofocus
        />
        <Textarea
          label="Message"
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={errors.message}
          description={`${message.length} of ${MAX_PUSH_MESSAGE_LENGTH} characters`}
          autosize
          minRows={3}
          maxRows={8}
        />
      </Stack>
    </Dialog>
  );
}
