import { and, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { IncreaseKind } from '@courier/domain/pricing/schemas';
import { tariffs } from '../../db/schema/index.ts';

/** What an increase run was asked to do, as saved with its job (the lists already parsed and checked). */
export type IncreaseParams =
  | {
      kind: 'price-increase';
      percentIncrease: number;
      includeAccounts: string[];
      lowTurnoverAccounts: string[];
      excludeAccounts: string[];
      excludeSetCallAccounts: string[];
    }
  | { kind: 'carrier-increase'; percentIncrease: number; carrierId: number; serviceCodes: string[] };

export const INCREASE_TITLES: Record<IncreaseKind, string> = {
  'price-increase': 'Price increase',
  'carrier-increase': 'Carrier increase',
};

export function excludedAccounts(params: IncreaseParams): string[] {
  return params.kind === 'price-increase'
    ? [...params.lowTurnoverAccounts, ...params.excludeAccounts, ...params.excludeSetCallAccounts]
    : [];
}

/**
 * The tariffs an increase covers, whether or not they were increased already. A price increase
 * covers customer tariffs (no carrier): base tariffs and special tariffs, only the included
 * accounts' when any are listed, never the excluded accounts'. A carrier increase covers the
 * carrier's tariffs for the listed service codes.
 */
export function increaseScope(params: IncreaseParams): SQL | undefined {
  if (params.kind === 'carrier-increase') {
    return and(eq(tariffs.carrierId, params.carrierId), inArray(tariffs.service, params.serviceCodes));
  }
  const excluded = excludedAccounts(params);
  return and(
    isNull(tariffs.carrierId),
    params.includeAccounts.length > 0 ? inArray(tariffs.account, params.includeAccounts) : undefined,
    excluded.length > 0 ? or(isNull(tariffs.account), notInArray(tariffs.account, excluded)) : undefined,
  );
}
