import type { TariffCode } from '@courier/domain/pricing/schemas';
import type { TariffListFilter } from '@/api/tariffs.ts';
import { idParam } from '@/routing/search-params.ts';

/** The tariff list's search as the route keeps it: the tariff code as the address gives it. */
export interface TariffListSearch extends Omit<TariffListFilter, 'tariffCodeId'> {
  tariffCodeId?: string | number | undefined;
}

/**
 * The list a tariff list address asks for. A tariff code that is not an id the API takes ('abc',
 * 99999999999), or, once the codes are known, an id no tariff code has, is left out of the list
 * asked for and reported as unknown: the screen says so above the tariffs of every tariff code,
 * where the API would have refused the list with its own message (a 400 or a 404).
 */
export function tariffListFilterOf(
  search: TariffListSearch,
  codes?: readonly TariffCode[],
): { filter: TariffListFilter; unknownTariffCode: boolean } {
  const { tariffCodeId: given, ...others } = search;
  if (given === undefined) return { filter: others, unknownTariffCode: false };
  const tariffCodeId = idParam(given);
  if (tariffCodeId === undefined || (codes !== undefined && !codes.some((code) => code.id === tariffCodeId)))
    return { filter: others, unknownTariffCode: true };
  return { filter: { ...others, tariffCodeId }, unknownTariffCode: false };
}
