import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { BookingDetails } from '@courier/domain/bookings/schemas';
import { UNSAVED_COMPANY_CHANGE_MESSAGE } from '@courier/domain/pricing/price-edits';
import { isRefusal } from '@/api/client.ts';
import { useChangeCompany } from '@/api/price-review.ts';
import { ClickSearch, type ClickSearchItem } from '@/ui/click-search.tsx';
import { toast } from '@/ui/toast.ts';

/**
 * 'Choose Company for {reference}' (spec 2 §2 'Other pricing modals'): moves the booking to another
 * company, re-pricing its tariff-priced jobs from that account's tariffs when the toggle is on. A
 * refusal (the invoice is out, a stale job) stays in the modal with the server's message.
 */
export function ChooseCompanyModal({
  booking,
  opened,
  onClose,
  unsavedPriceChanges = false,
}: {
  booking: BookingDetails;
  opened: boolean;
  onClose: () => void;
  /** Price changes wait in the list: the company may not change until they are saved or discarded (spec 2 §2). */
  unsavedPriceChanges?: boolean;
}) {
  const [company, setCompany] = useState<ClickSearchItem | null>(null);
  const [recalculate, setRecalculate] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeCompany();
  const close = () => {
    setCompany(null);
    setProblem(null);
    change.reset();
    onClose();
  };
  const save = () => {
    if (unsavedPriceChanges) return;
    if (!company) {
      setProblem('Choose the company the booking belongs to.');
      return;
    }
    setProblem(null);
    change.mutate(
      { reference: booking.reference, companyId: Number(company.id), recalculatePrices: recalculate },
      {
        onSuccess: () => {
          toast({
            type: 'success',
            title: 'Company Changed',
            message: `${booking.reference} now belongs to ${company.name}.`,
          });
          close();
        },
        onError: (error) =>
          setProblem(isRefusal(error) ? error.message : 'The company could not be changed. Please try again.'),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{`Choose Company for ${booking.reference}`}</Text>}>
      <Stack gap="sm">
        <Text size="sm">
          Now: {booking.company.accountCode ? `${booking.company.accountCode} ` : ''}
          {booking.company.name}
        </Text>
        <ClickSearch type="COMPANY" label="Select Company" value={company} onChange={setCompany} />
        <Switch
          label="Recalculate Prices"
          description="Recalculate prices for this account"
          checked={recalculate}
          onChange={(event) => setRecalculate(event.currentTarget.checked)}
        />
        {/* Unsaved list changes come first: until they go, the change cannot be made at all. */}
        {(unsavedPriceChanges || problem) && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {unsavedPriceChanges ? UNSAVED_COMPANY_CHANGE_MESSAGE : problem}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} loading={change.isPending} disabled={unsavedPriceChanges}>
            Change Company
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
