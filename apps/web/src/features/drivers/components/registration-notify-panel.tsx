import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { registrationNotifyProblem, type RegistrationNotifyMethod } from '@courier/domain/drivers/dispatch-profile';
import { DRIVER_TEXTS } from '@courier/domain/drivers/labels';
import type { Driver } from '@courier/domain/drivers/schemas';
import { textLimits } from '@courier/domain/common/field-limits';
import { MAX_REGISTRATION_MESSAGE_LENGTH, registrationRequestBodySchema } from '@courier/domain/drivers/setup-schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useSendRegistrationRequest } from '@/api/drivers.ts';
import { nearLimitCount } from '@/ui/limit-count.ts';
import { toast } from '@/ui/toast.ts';

const LIMITS = textLimits(registrationRequestBodySchema);
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

  const submit = () => {
    if (problem) return;
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
            maxLength={LIMITS.phone}
            value={phone}
            error={(typed && problem) || serverProblem}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            label="Email"
            type="email"
            required
            maxLength={LIMITS.email}
            value={email}
            error={(typed && problem) || serverProblem}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        )}
        <Textarea
          label="Message"
          description={
            nearLimitCount(message, MAX_REGISTRATION_MESSAGE_LENGTH) ??
            'Optional. Without a message the driver gets the standard invitation.'
          }
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_REGISTRATION_MESSAGE_LENGTH}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
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
