import { Paper, Table, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { EmptyState, ErrorState, LoadingState } from '../../ui/list-states.tsx';
import { useCarriers } from './api/list-carriers.ts';

/** Carrier list (/pricing/carriers): a carrier opens its tariffs (what it charges us). */
export function CarrierListScreen() {
  const carriers = useCarriers();
  const navigate = useNavigate();
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="md">
        Carriers
      </Title>
      {carriers.isPending ? (
        <LoadingState text="Loading Carriers..." />
      ) : carriers.isError ? (
        <ErrorState title="Error Loading Carriers" subtitle="There was an error loading the carriers." onRetry={() => void carriers.refetch()} />
      ) : carriers.data.length === 0 ? (
        <EmptyState title="No Carriers" />
      ) : (
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={140}>Code</Table.Th>
              <Table.Th>Name</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {carriers.data.map((carrier) => (
              <Table.Tr key={carrier.id} className="clickable-row" onClick={() => void navigate({ to: '/pricing/tariff', search: { carrierId: carrier.id } })}>
                <Table.Td>
                  <Link to="/pricing/tariff" search={{ carrierId: carrier.id }} style={{ fontWeight: 700, color: 'inherit' }} onClick={(event) => event.stopPropagation()}>
                    {carrier.code}
                  </Link>
                </Table.Td>
                <Table.Td>{carrier.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
