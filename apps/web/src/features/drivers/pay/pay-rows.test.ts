import { describe, expect, it } from 'vitest';
import type { SavePayPeriodsBody } from '@courier/domain/driver-pay/schemas';
import { refusedSaveText, type PayRow } from './pay-rows.ts';

const rowOf = (periodId: number, driverNumber: number) =>
  ({ period: { id: periodId, driver: { driverNumber } } }) as unknown as PayRow;

describe('refusedSaveText', () => {
  const body = [{ id: 31 }, { id: 42 }] as unknown as SavePayPeriodsBody;
  const rows = [rowOf(42, 103), rowOf(31, 100)];

  it("names the driver and the grid's column of each refused field, with the server's message", () => {
    expect(
      refusedSaveText(
        [
          { field: 'body.0.manualBoost', message: 'Manual boost must be at most €999,999.00.' },
          { field: 'body.1.adjustments.2.description', message: 'Holds an invisible character (NUL).' },
        ],
        body,
        rows,
      ),
    ).toBe(
      'Driver 100, Boost: Manual boost must be at most €999,999.00.\nDriver 103, Adjustments: Holds an invisible character (NUL).',
    );
  });

  it('is undefined when the server named no field of a period, so the caller shows its own message', () => {
    expect(refusedSaveText(undefined, body, rows)).toBeUndefined();
    expect(refusedSaveText([{ field: 'body', message: 'Expected an array.' }], body, rows)).toBeUndefined();
  });
});
