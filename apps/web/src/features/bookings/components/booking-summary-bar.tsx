import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { driverPayPercentColour, marginColour } from '@courier/domain/bookings/margins';
import type { MarginsResponse } from '@courier/domain/bookings/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { Money } from '@/ui/format.tsx';
import { toast } from '@/ui/toast.ts';
import { useBookingMargins, useTagCounts } from '../api/booking-summary.ts';
import { downloadBookingsCsv } from '../api/download-csv.ts';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { MARGIN_TEXT_COLOURS } from './margin-colours.ts';

const shade = (colour: 'red' | 'green') => MARGIN_TEXT_COLOURS[colour];
const tagLabel = (tag: string) => tag.replaceAll('_', ' ');

function Block({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The full-screen 'Booking Summary' report: every margin total of spec 2 §3 and both percentages. */
function BookingSummaryReport({
  opened,
  onClose,
  margins,
}: {
  opened: boolean;
  onClose: () => void;
  margins: MarginsResponse | undefined;
}) {
  const s = margins?.summary;
  const rows: [string, number | undefined][] = s
    ? [
        ['Driver pay', s.driverPay],
        ['Driver pay adjustments', s.driverAdjPay],
        ['Driver bonus pay', s.driverBonusPay],
        ['Driver pay total', s.driverPayTotal],
        ['Adjustment costs', s.adjCosts],
        ['Carrier costs', s.carrierCosts],
        ['Carrier insurance costs', s.carrierInsuranceCosts],
        ['Total costs', s.totalCosts],
        ['Charge', s.charge],
        ['Adjustment charges', s.adjCharge],
        ['Total charges', s.totalCharges],
        ['Customs', s.totalCustoms],
        ['Charge less customs', s.chargeLessCustoms],
      ]
    : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={
        <Title order={2} size="h3">
          Booking Summary
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {s && margins && (
        <Stack maw={720}>
          <Text>
            {margins.bookingCount.toLocaleString('en-IE')} bookings, {margins.jobCount.toLocaleString('en-IE')} jobs
          </Text>
          <Table withTableBorder striped>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td ta="right">
                    <Money value={value} />
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">Driver pay percent</Table.Th>
                <Table.Td ta="right" c={shade(driverPayPercentColour(s.driverPayPercent))} fw={700}>
                  {s.driverPayPercent.toFixed(2)}%
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Margin percent</Table.Th>
                <Table.Td ta="right" c={shade(marginColour(s.marginPercent))} fw={700}>
                  {s.marginPercent.toFixed(2)}%
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Group mt="lg">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}

/**
 * Spec 2 §2 'Booking summary bar': CSV download (below 100,000; 'Building...' while it is made),
 * bookings per tag, the total, and for roles that see prices the driver cost and margin blocks.
 */
export function BookingSummaryBar({
  filter,
  count,
  seePrices,
  showTags,
}: {
  filter: BookingFilterParams;
  count: number;
  seePrices: boolean;
  showTags: boolean;
}) {
  const [building, setBuilding] = useState(false);
  const [report, setReport] = useState(false);
  const underLimit = count < BOOKING_EXPORT_LIMIT;
  const margins = useBookingMargins(filter, seePrices && underLimit);
  const tags = useTagCounts(filter, { omitTags: false, enabled: showTags });
  const summary = margins.data?.summary;

  const download = async () => {
    setBuilding(true);
    try {
      await downloadBookingsCsv(filter);
    } catch (error) {
      toast({
        type: 'error',
        title: 'Error',
        message: error instanceof ApiRequestError ? error.message : 'There was an error building the CSV.',
      });
    } finally {
      setBuilding(false);
    }
  };

  return (
    <Paper withBorder p="sm" role="region" aria-label="Booking summary">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="lg" wrap="wrap">
          <Block label="Bookings">{count.toLocaleString('en-IE')}</Block>
          {seePrices && summary && (
            <>
              <Block label="Driver cost">
                <Money value={summary.driverPayTotal} />{' '}
                <Text span c={shade(driverPayPercentColour(summary.driverPayPercent))} fw={700}>
                  ({summary.driverPayPercent.toFixed(2)}%)
                </Text>
              </Block>
              <Block label="Margin">
                <Money value={summary.chargeLessCustoms - summary.totalCosts} />{' '}
                <Text span c={shade(marginColour(summary.marginPercent))} fw={700}>
                  ({summary.marginPercent.toFixed(2)}%)
                </Text>
              </Block>
            </>
          )}
          {showTags && (
            <Group gap={4} wrap="wrap" aria-label="Bookings per tag" maw={520}>
              {(tags.data?.counts ?? [])
                .filter((entry) => entry.count > 0)
                .map((entry) => (
                  <Badge key={entry.tag} variant="default" tt="none">
                    {tagLabel(entry.tag)}: {entry.count}
                  </Badge>
                ))}
            </Group>
          )}
        </Group>
        <Group gap="xs">
          {seePrices && underLimit && (
            <Button variant="default" onClick={() => setReport(true)}>
              Report
            </Button>
          )}
          {underLimit ? (
            <Button onClick={() => void download()} loading={false} disabled={building}>
              {building ? 'Building...' : 'Download CSV'}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              CSV and report need fewer than 100,000 bookings: narrow the filters.
            </Text>
          )}
        </Group>
      </Group>
      <BookingSummaryReport opened={report} onClose={() => setReport(false)} margins={margins.data} />
    </Paper>
  );
}
