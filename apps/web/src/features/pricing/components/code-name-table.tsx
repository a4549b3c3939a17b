import { Table } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';

type TariffSearch = { carrierId: number } | { tariffCodeId: number };

interface CodeNameTableProps<T extends { id: number; code: string; name: string }> {
  query: UseQueryResult<T[]>;
  /** Plural noun as the spec's texts use it: 'Carriers', 'Tariff Codes'. */
  noun: string;
  /** The tariff list a row opens. */
  tariffsOf: (row: T) => TariffSearch;
}

/**
 * The pricing catalogue's code-and-name lists (carriers, tariff codes) with their loading, error and
 * empty states. A row opens its tariff list; its code is a real link (new tab, keyboard).
 */
export function CodeNameTable<T extends { id: number; code: string; name: string }>({
  query,
  noun,
  tariffsOf,
}: CodeNameTableProps<T>) {
  const navigate = useNavigate();
  if (query.isPending) return <LoadingState text={`Loading ${noun}...`} />;
  if (query.isError) {
    return (
      <ErrorState
        title={`Error Loading ${noun}`}
        subtitle={`There was an error loading the ${noun.toLowerCase()}.`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState title={`No ${noun}`} />;
  return (
    <Table highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={140}>Code</Table.Th>
          <Table.Th>Name</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.map((row) => (
          <Table.Tr
            key={row.id}
            className="clickable-row"
            onClick={() => void navigate({ to: '/pricing/tariff', search: tariffsOf(row) })}
          >
            <Table.Td>
              <Link
                to="/pricing/tariff"
                search={tariffsOf(row)}
                style={{ fontWeight: 700, color: 'inherit' }}
                onClick={(event) => event.stopPropagation()}
              >
                {row.code}
              </Link>
            </Table.Td>
            <Table.Td>{row.name}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
