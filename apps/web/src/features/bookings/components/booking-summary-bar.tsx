import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { driverPayPercentColour, marginColour } from '@courier/domain/bookings/margins';
import { formatCount } from '@courier/domain/common/money';
import { jobTagLabel } from '@courier/domain/bookings/labels';
import type { MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { Money } from '@/ui/format.tsx';
import { toast } from '@/ui/toast.ts';
import { downloadBookingsCsv } from '../api/download-csv.ts';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { MARGIN_TEXT_COLOURS } from './margin-colours.ts';
import classes from './booking-summary-bar.module.css';

const shade = (colour: 'red' | 'green') => MARGIN_TEXT_COLOURS[colour];

function Block({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ flex: 'none' }}>
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
    >
      {s && margins && (
        <Stack maw={720}>
          <Text>
            {formatCount(margins.bookingCount)} bookings, {formatCount(margins.jobCount)} jobs
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

/** Room kept for the 'Show N more' button while chips are folded away, until it is measured. */
const MORE_BUTTON_WIDTH = 96;
const CHIP_GAP = 4;

/**
 * Bookings per tag (labels from the domain's map) on one line: the chips that fit show, the rest
 * fold behind 'Show N more', which unfolds them all onto as many lines as they need (issue 10).
 * Every chip stays rendered so its width can be measured; folded ones are taken out of the flow.
 */
function TagChips({ counts }: { counts: TagCounts['counts'] }) {
  const present = counts.filter((entry) => entry.count > 0);
  const [unfolded, setUnfolded] = useState(false);
  const [fit, setFit] = useState(present.length);
  const box = useRef<HTMLDivElement>(null);
  const shape = present.map((entry) => `${entry.tag}:${entry.count}`).join();

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const widths = [...element.querySelectorAll<HTMLElement>('[data-chip]')].map((chip) => chip.offsetWidth);
      const room = element.clientWidth;
      const total = widths.reduce((sum, width) => sum + width + CHIP_GAP, 0);
      if (total <= room) {
        setFit(widths.length);
        return;
      }
      let used = element.querySelector<HTMLElement>('[data-more]')?.offsetWidth ?? MORE_BUTTON_WIDTH;
      let count = 0;
      for (const width of widths) {
        if (used + width + CHIP_GAP > room) break;
        used += width + CHIP_GAP;
        count += 1;
      }
      setFit(count);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [shape]);

  const hidden = unfolded ? 0 : present.length - fit;
  return (
    <div ref={box} className={classes.chips} data-unfolded={unfolded || undefined}>
      <div role="group" aria-label="Bookings per tag" className={classes.chipRow}>
        {present.map((entry, index) => {
          const folded = !unfolded && index >= fit;
          return (
            <Badge
              key={entry.tag}
              data-chip
              variant="default"
              tt="none"
              className={folded ? classes.folded : classes.chip}
              aria-hidden={folded || undefined}
            >
              {jobTagLabel(entry.tag)}: {entry.count}
            </Badge>
          );
        })}
        {(hidden > 0 || unfolded) && (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setUnfolded((open) => !open)}
            aria-expanded={unfolded}
            className={classes.chip}
            data-more
          >
            {unfolded ? 'Show fewer' : `Show ${hidden} more`}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * Spec 2 §2 'Booking summary bar': CSV download (below 100,000; 'Building...' while it is made),
 * bookings per tag, the total, and for roles that see prices the driver cost and margin blocks.
 * Every figure comes from the applied search, the same answer set as the table below it.
 * Memoised: the list re-renders at each step of its queries, and those renders are synchronous.
 */
export const BookingSummaryBar = memo(function BookingSummaryBar({
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
      <Group justify="space-between" align="center" wrap="nowrap" gap="md" className={classes.bar}>
        <Group gap="lg" wrap="nowrap" className={classes.figures}>
          <Block label="Bookings">{formatCount(count)}</Block>
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
            <Button variant="default" size="xs" onClick={() => setReport(true)}>
              Report
            </Button>
          )}
          {underLimit ? (
            <Button size="xs" onClick={() => void download()} loading={false} disabled={building}>
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
});
