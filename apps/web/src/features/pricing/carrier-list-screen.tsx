import { Paper, Title } from '@mantine/core';
import { useCarriers } from '@/api/carriers.ts';
import { CodeNameTable } from './components/code-name-table.tsx';

/** Carrier list (/pricing/carriers): a carrier opens its tariffs (what it charges us). */
export function CarrierListScreen() {
  const carriers = useCarriers();
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="md">
        Carriers
      </Title>
      <CodeNameTable query={carriers} noun="Carriers" tariffsOf={(carrier) => ({ carrierId: carrier.id })} />
    </Paper>
  );
}
