import { SimpleGrid, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PriceIncreaseBody } from '@courier/domain/pricing/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useStartPriceIncrease } from '@/api/increase-runs.ts';
import { IncreaseForm } from './components/increase-form.tsx';

type Lists = Pick<
  PriceIncreaseBody,
  'includeAccounts' | 'excludeAccounts' | 'lowTurnoverAccounts' | 'excludeSetCallAccounts'
>;
const LISTS: { key: keyof Lists; label: string; description: string }[] = [
  {
    key: 'includeAccounts',
    label: 'Include accounts',
    description: 'Only these accounts’ special tariffs; empty for every base and special tariff',
  },
  { key: 'excludeAccounts', label: 'Exclude accounts', description: 'These accounts keep their prices' },
  { key: 'lowTurnoverAccounts', label: 'Low turnover accounts', description: 'These accounts keep their prices' },
  {
    key: 'excludeSetCallAccounts',
    label: 'Exclude set call accounts',
    description: 'These accounts keep their prices',
  },
];

/** Price increase (spec 2 §2): form, then running with progress, then the completion message and the log. */
export function PriceIncreaseScreen() {
  const start = useStartPriceIncrease();
  const [lists, setLists] = useState<Lists>({
    includeAccounts: '',
    excludeAccounts: '',
    lowTurnoverAccounts: '',
    excludeSetCallAccounts: '',
  });
  const error = start.error instanceof ApiRequestError ? start.error : null;

  return (
    <IncreaseForm
      name="Price Increase"
      description="Raises every price of the customer tariffs in scope by the percentage, rounded to the cent. Tariffs increased before are skipped unless their increase status is reset. Account lists are account codes separated by commas."
      start={start}
      body={(common) => ({ ...lists, ...common })}
      summary={(percent) => `Prices of the tariffs in scope rise by ${percent} %`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LISTS.map((list) => (
          <Textarea
            key={list.key}
            label={list.label}
            description={list.description}
            placeholder="e.g. ABCD001, EFGH002"
            autosize
            minRows={2}
            value={lists[list.key]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setLists((current) => ({ ...current, [list.key]: value }));
            }}
            error={error?.fieldMessage(list.key)}
          />
        ))}
      </SimpleGrid>
    </IncreaseForm>
  );
}
