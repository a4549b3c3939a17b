import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { driverPayPercentColour, marginColour } from '@courier/domain/bookings/margins';
import { jobTagLabel } from '@courier/domain/bookings/labels';
import type { MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { Money } from '@/ui/format.tsx';
import { toast } from '@/ui/toast.ts';
import { downloadBookingsCsv } from '../api/download-csv.ts';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { MARGIN_TEXT_COLOURS } from './margin-colours.ts';

const shade = (colour: 'red' | 'green') => MARGIN_TEXT_COLOURS[colour];

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

/** How many tag chips show before 'Show N more': one line at 1280 px wide (issue 10). */
const FOLDED_TAG_CHIPS = 4;

/** Bookings per tag, folded to one line with a 'Show N more' button; labels from the domain's map. */
function TagChips({ counts }: { counts: TagCounts['counts'] }) {
  const [unfolded, setUnfolded] = useState(false);
  const present = counts.filter((entry) => entry.count > 0);
  const shown = unfolded ? present : present.slice(0, FOLDED_TAG_CHIPS);
  const hidden = present.length - shown.length;
  return (
    <Group gap={4} wrap={unfolded ? 'wrap' : 'nowrap'} role="group" aria-label="Bookings per tag" maw={560}>
      {shown.map((entry) => (
        <Badge key={entry.tag} variant="default" tt="none" style={{ flex: 'none' }}>
          {jobTagLabel(entry.tag)}: {entry.count}
        </Badge>
      ))}
      {(hidden > 0 || unfolded) && present.length > FOLDED_TAG_CHIPS && (
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setUnfolded((open) => !open)}
          aria-expanded={unfolded}
          style={{ flex: 'none' }}
        >
          {unfolded ? 'Show fewer' : `Show ${hidden} more`}
        </Button>
      )}
    </Group>
  );
}

/**
 * Spec 2 §2 'Booking summary bar': CSV download (below 100,000; 'Building...' while it is made),
 * bookings per tag, the total, and for roles that see prices the driver cost and margin blocks.
 * Every figure comes from the applied search, the same answer set as the table below it.
 */
export function BookingSummaryBar({
  filter,
  count,
  seePrices,
  tagCounts,
  tagCountsFailed,
  margins,
  marginsFailed,
}: {
  filter: BookingFilterParams;
  count: number;
  seePrices: boolean;
  /** undefined when the view shows no tags. */
  tagCounts: TagCounts | undefined;
  tagCountsFailed: boolean;
  margins: MarginsResponse | undefined;
  marginsFailed: boolean;
}) {
  const [building, setBuilding] = useState(false);
  const [report, setReport] = useState(false);
  const underLimit = count < BOOKING_EXPORT_LIMIT;
  const summary = margins?.summary;

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
    <Paper withBorder px="sm" py={6} role="region" aria-label="Booking summary">
      <Group justify="space-between" align="center" wrap="nowrap" gap="md">
        <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
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
          {tagCounts && <TagChips counts={tagCounts.counts} />}
          {marginsFailed && (
            <Text size="sm" c="red.9">
              There was an error loading the driver cost and margin.
            </Text>
          )}
          {tagCountsFailed && (
            <Text size="sm" c="red.9">
              There was an error loading the tag counts.
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
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
      <BookingSummaryReport opened={report} onClose={() => setReport(false)} margins={margins} />
    </Paper>
  );
}
