import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { registrationNotifyProblem, type RegistrationNotifyMethod } from '@courier/domain/drivers/dispatch-profile';
import { DRIVER_TEXTS } from '@courier/domain/drivers/labels';
import type { Driver } from '@courier/domain/drivers/schemas';
import { registrationRequestBodySchema } from '@courier/domain/drivers/setup-schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useSendRegistrationRequest } from '@/api/drivers.ts';
import { textLimitOf } from '@/ui/text-limit.ts';
import { toast } from '@/ui/toast.ts';

/** What Send says when it is refused because a text is past its limit (the field says which). */
const TOO_LONG_NOT_SENT = 'Nothing was sent: shorten the fields marked as too long first.';
const METHODS: { value: RegistrationNotifyMethod; label: string }[] = [
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
];

/**
 * The registration notify panel (spec 2 §2, §4): asks a driver to complete its registration by SMS
 * or e-mail. Send is possible only when the phone (8 digits) or the e-mail address is valid
 * (spec 2 §5); the message is optional: without one the driver gets the standard invitation.
 */
export function RegistrationNotifyPanel({ driver, onClose }: { driver: Driver | undefined; onClose: () => void }) {
  return (
    <Modal
      opened={driver !== undefined}
      onClose={onClose}
      centered
      size="lg"
      title={<Text fw={600}>Registration Request</Text>}
    >
      {driver && <NotifyForm key={driver.id} driver={driver} onClose={onClose} />}
    </Modal>
  );
}

function NotifyForm({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const [method, setMethod] = useState<RegistrationNotifyMethod>(driver.phone ? 'sms' : 'email');
  const [phone, setPhone] = useState(driver.phone);
  const [email, setEmail] = useState(driver.email);
  const [message, setMessage] = useState('');
  const send = useSendRegistrationRequest();
  const problem = registrationNotifyProblem({ method, phone, email });
  const failure = send.error instanceof ApiRequestError ? send.error : undefined;
  const serverProblem = failure?.fieldMessage(method === 'sms' ? 'phone' : 'email');
  // The rule's message shows once something is typed; an empty field only keeps Send off.
  const typed = method === 'sms' ? phone.trim() !== '' : email.trim() !== '';
  // Text past the server's limit is kept and marked at once, never cut by a maxlength; Send sends
  // nothing while the address in use or the message is past it.
  const { shape } = registrationRequestBodySchema;
  const limits = {
    phone: textLimitOf(shape.phone, phone),
    email: textLimitOf(shape.email, email),
    message: textLimitOf(shape.message, message),
  };
  const overLimit = [limits[method === 'sms' ? 'phone' : 'email'], limits.message].some(
    (limit) => limit.overLimit !== undefined,
  );
  const [sendRefused, setSendRefused] = useState(false);

  const submit = () => {
    setSendRefused(overLimit);
    if (problem || overLimit) return;
    send.mutate(
      { driverId: driver.id, method, message: message.trim(), phone: phone.trim(), email: email.trim() },
      {
        onSuccess: () => {
          toast({ message: DRIVER_TEXTS.driverNotified, type: 'success' });
          onClose();
        },
        onError: () => toast({ title: 'Error', message: DRIVER_TEXTS.failedToNotifyDriver, type: 'error' }),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Ask {driver.firstName} {driver.lastName} (driver {driver.driverNumber}) to complete their registration.
        </Text>
        <SegmentedControl
          aria-label="Send by"
          data={METHODS}
          value={method}
          onChange={(value) => {
            setMethod(value as RegistrationNotifyMethod);
            send.reset();
          }}
        />
        {method === 'sms' ? (
          <TextInput
            label="Phone"
            type="tel"
            required
            value={phone}
            description={limits.phone.count}
            error={limits.phone.overLimit ?? ((typed && problem) || serverProblem)}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            description={limits.email.count}
            error={limits.email.overLimit ?? ((typed && problem) || serverProblem)}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        )}
        <Textarea
          label="Message"
          description={limits.message.count ?? 'Optional. Without a message the driver gets the standard invitation.'}
          autosize
          minRows={3}
          maxRows={8}
          value={message}
          error={limits.message.overLimit}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {overLimit && sendRefused && (
          <Text size="sm" c="red.9" role="alert">
            {TOO_LONG_NOT_SENT}
          </Text>
        )}
        {failure && !serverProblem && (
          <Alert color="red" variant="light" title={DRIVER_TEXTS.failedToNotifyDriver} role="alert">
            {failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={problem !== null} loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
