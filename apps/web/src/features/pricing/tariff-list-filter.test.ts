import { describe, expect, it } from 'vitest';
import { tariffListFilterOf } from './tariff-list-filter.ts';

const codes = [
  { id: 3, code: 'DOM', name: 'Domestic Overnight' },
  { id: 4, code: 'INT', name: 'International' },
];

describe('the tariff list an address asks for', () => {
  it('takes a tariff code that exists, with the other filters', () => {
    expect(tariffListFilterOf({ tariffCodeId: 3, account: 'ALC001' }, codes)).toEqual({
      filter: { tariffCodeId: 3, account: 'ALC001' },
      unknownTariffCode: false,
    });
    expect(tariffListFilterOf({ tariffCodeId: '4' }, codes).filter).toEqual({ tariffCodeId: 4 });
  });

  it('asks for it while the codes are still loading, so the list is not held up', () => {
    expect(tariffListFilterOf({ tariffCodeId: 9 })).toEqual({ filter: { tariffCodeId: 9 }, unknownTariffCode: false });
  });

  it.each(['abc', 99_999_999_999, 0, '1e3'])('reports %s as unknown at once and lists every tariff code', (given) => {
    expect(tariffListFilterOf({ tariffCodeId: given, zone: 'DUBLIN' })).toEqual({
      filter: { zone: 'DUBLIN' },
      unknownTariffCode: true,
    });
  });

  it('reports an id no tariff code has, once the codes are known', () => {
    expect(tariffListFilterOf({ tariffCodeId: 2_147_483_647 }, codes)).toEqual({
      filter: {},
      unknownTariffCode: true,
    });
  });

  it('without a tariff code there is nothing to report', () => {
    expect(tariffListFilterOf({ carrierId: 1 }, codes)).toEqual({ filter: { carrierId: 1 }, unknownTariffCode: false });
  });
});
