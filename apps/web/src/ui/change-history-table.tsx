import { Table } from '@mantine/core';
import { DateText } from './format.tsx';

/** One kept change, in words for office staff: the screen turns its field names and values into these. */
export interface ChangeRow {
  id: number;
  at: string;
  who: string;
  what: string;
  before: string;
  after: string;
  /** Why, when the change kept a note (price history); the column shows only when any row may have one. */
  note?: string;
}

/**
 * Who changed what, from what to what and when: the table every history screen shows (a company's
 * settings, a job's prices). The columns have set shares of the width (fixed layout), so a long value
 * wraps within its own column and never squeezes Who, Field or Before to a few letters a line, nor
 * widens the page.
 */
export function ChangeHistoryTable({
  rows,
  label,
  withNote = false,
  whatHeader = 'Field',
}: {
  rows: readonly ChangeRow[];
  label: string;
  withNote?: boolean;
  whatHeader?: string;
}) {
  return (
    <Table striped fz="sm" aria-label={label} style={{ tableLayout: 'fixed', overflowWrap: 'anywhere' }}>
      <Table.Thead>
        <Table.Tr>
          {/* When fits its date and time; Who and Field keep a readable share; the values share the rest. */}
          <Table.Th style={{ width: '9rem' }}>When</Table.Th>
          <Table.Th style={{ width: '15%' }}>Who</Table.Th>
          <Table.Th style={{ width: '18%' }}>{whatHeader}</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
          {withNote && <Table.Th>Note</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DateText value={row.at} withTime />
            </Table.Td>
            <Table.Td>{row.who}</Table.Td>
            <Table.Td>{row.what}</Table.Td>
            <Table.Td>{row.before}</Table.Td>
            <Table.Td>{row.after}</Table.Td>
            {withNote && <Table.Td>{row.note}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
