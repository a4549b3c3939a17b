import { typedDecimal } from '@courier/domain/common/input-checks';
import { pricingSchema, type Pricing } from '@courier/domain/pricing/schemas';
import { newPriceLevel, type PriceLevel } from '@courier/domain/pricing/tariff-engine';

/** A price level as typed: text, so '12.' can be on its way to '12.5'. */
export type LevelDraft = Record<keyof PriceLevel, string>;

export const LEVEL_FIELDS = [
  { key: 'upTo', label: 'Up to', unit: 'kg' },
  { key: 'basic', label: 'Basic', unit: '€' },
  { key: 'basicPer', label: 'Basic per', unit: 'kg' },
  { key: 'then', label: 'Then', unit: '€' },
  { key: 'thenPer', label: 'Then per', unit: 'kg' },
] as const satisfies readonly { key: keyof PriceLevel; label: string; unit: string }[];

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

/** An emptied cell (or a lone decimal point) holds no number: it is refused, never taken as 0. */
const isBlank = (text: string) => text.trim() === '' || text.trim() === '.';

/** What to enter in an emptied cell, by its unit. */
const BLANK_MESSAGE = { '€': 'Enter a price.', kg: 'Enter a weight in kg.' } as const;

/** The levels as numbers, or null while a cell is empty (Test Tariff prices only complete levels). */
export function levelsOf(drafts: readonly LevelDraft[]): PriceLevel[] | null {
  if (drafts.some((draft) => LEVEL_FIELDS.some((field) => isBlank(draft[field.key])))) return null;
  return drafts.map((draft) => ({
    upTo: Number(draft.upTo),
    basic: Number(draft.basic),
    basicPer: Number(draft.basicPer),
    then: Number(draft.then),
    thenPer: Number(draft.thenPer),
  }));
}

export type LevelsCheck =
  | { success: true; levels: Pricing }
  | {
      success: false;
      /** Messages by 'row.field', e.g. '1.upTo'. */
      cellErrors: Record<string, string>;
      /** A message about the levels as a whole (none, too many). */
      listError: string | null;
    };

/**
 * Checks the levels as typed with the server's own schema. An empty cell is sent to it as missing,
 * so the schema refuses it as the server would, and the cell says what to enter.
 */
export function checkLevels(drafts: readonly LevelDraft[]): LevelsCheck {
  const cellErrors: Record<string, string> = {};
  const input = drafts.map((draft, row) =>
    Object.fromEntries(
      LEVEL_FIELDS.map((field) => {
        const text = draft[field.key];
        // Only a plain decimal is a number here ('1e3' is not 1000); anything else the schema refuses.
        if (!isBlank(text)) return [field.key, typedDecimal(text) ?? Number.NaN];
        cellErrors[`${row}.${field.key}`] = BLANK_MESSAGE[field.unit];
        return [field.key, undefined];
      }),
    ),
  );
  const result = pricingSchema.safeParse(input);
  if (result.success) return { success: true, levels: result.data };
  let listError: string | null = null;
  for (const issue of result.error.issues) {
    const [row, field] = issue.path;
    if (typeof row === 'number' && typeof field === 'string') cellErrors[`${row}.${field}`] ??= issue.message;
    else listError ??= issue.message;
  }
  return { success: false, cellErrors, listError };
}

/**
 * Keeps what a number can be written with: digits, points, commas and a minus (a pasted '€ 12.50' is
 * 12.50). A minus, a comma or a third decimal stays, so the cell refuses it with a message: dropping it
 * would turn a typed -5 into 5, 2.345 into 2.34, or a pasted 12,50 into 1250, behind the user's back.
 */
export function numberCharacters(text: string): string {
  return text.replace(/[^0-9.,-]/g, '');
}
