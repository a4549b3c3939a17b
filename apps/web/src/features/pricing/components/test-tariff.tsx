import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatEuro } from '@courier/domain/common/money';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { DEFAULT_TEST_WEIGHT_KG, priceForWeight, type PriceLevel } from '@courier/domain/pricing/tariff-engine';
import { numberCharacters } from './price-levels.ts';

/**
 * Test Tariff (spec 2 §2): prices a weight with the levels as they stand, with the same engine as the
 * server. `levels` is null while a cell is empty: an empty price is not a price of €0.
 */
export function TestTariff({ levels }: { levels: PriceLevel[] | null }) {
  const [weight, setWeight] = useState(String(DEFAULT_TEST_WEIGHT_KG));
  const [tested, setTested] = useState<{ text: string; ok: boolean; levels: string } | null>(null);
  // A result stays only while the levels it was worked out from are unchanged.
  const levelsKey = JSON.stringify(levels);
  const result = tested?.levels === levelsKey ? tested : null;

  const test = () => {
    if (!levels) {
      setTested({
        levels: levelsKey,
        ok: false,
        text: 'Fill in every price and weight of the levels to test the tariff.',
      });
      return;
    }
    const kg = typedDecimal(weight);
    if (kg === undefined) {
      // Kept as typed (1,5 is not read as 15) and said: a weight in kg with a decimal point.
      setTested({ levels: levelsKey, ok: false, text: 'Enter the test weight in kg, such as 2.5.' });
      return;
    }
    const price = priceForWeight(levels, kg);
    setTested({
      levels: levelsKey,
      ...(price.ok ? { ok: true, text: `${formatEuro(price.price)} for ${kg} kg` } : { ok: false, text: price.error }),
    });
  };

  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Test weight"
        w={140}
        inputMode="decimal"
        value={weight}
        rightSection={
          <Text size="xs" c="dimmed">
            kg
          </Text>
        }
        onChange={(event) => {
          setWeight(numberCharacters(event.currentTarget.value));
          setTested(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            test();
          }
        }}
      />
      <Button variant="outline" onClick={test}>
        Test Tariff
      </Button>
      <Text
        role="status"
        aria-live="polite"
        data-testid="tariff-test-result"
        fw={result?.ok ? 600 : 400}
        c={result && !result.ok ? 'red.9' : undefined}
      >
        {result?.text ?? ''}
      </Text>
    </Group>
  );
}
