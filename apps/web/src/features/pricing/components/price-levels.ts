import { newPriceLevel, type PriceLevel } from '@courier/domain/pricing/tariff-engine';

/** A price level as typed: text, so '12.' can be on its way to '12.5'. */
export type LevelDraft = Record<keyof PriceLevel, string>;

export const LEVEL_FIELDS = [
  { key: 'upTo', label: 'Up to', unit: 'kg', decimals: 3 },
  { key: 'basic', label: 'Basic', unit: '€', decimals: 2 },
  { key: 'basicPer', label: 'Basic per', unit: 'kg', decimals: 3 },
  { key: 'then', label: 'Then', unit: '€', decimals: 2 },
  { key: 'thenPer', label: 'Then per', unit: 'kg', decimals: 3 },
] as const satisfies readonly { key: keyof PriceLevel; label: string; unit: string; decimals: number }[];

export function toDraft(level: PriceLevel): LevelDraft {
  return {
    upTo: String(level.upTo),
    basic: level.basic.toFixed(2),
    basicPer: String(level.basicPer),
    then: level.then.toFixed(2),
    thenPer: String(level.thenPer),
  };
}

export const newLevelDraft = (): LevelDraft => toDraft(newPriceLevel());

/** A blank text counts as 0, as a price someone has not filled in yet. */
export function fromDraft(draft: LevelDraft): PriceLevel {
  const number = (text: string) => (text.trim() === '' || text === '.' ? 0 : Number(text));
  return {
    upTo: number(draft.upTo),
    basic: number(draft.basic),
    basicPer: number(draft.basicPer),
    then: number(draft.then),
    thenPer: number(draft.thenPer),
  };
}

/** Keeps digits and one decimal point, with at most `decimals` places (what a paste may bring in). */
export function sanitiseNumber(text: string, decimals: number): string {
  const cleaned = text.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, decimals)}`;
}
