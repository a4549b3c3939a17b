import type { z } from 'zod';
import { maxLengthOf } from '@courier/domain/common/field-limits';
import { nearLimitCount } from './limit-count.ts';

/**
 * A text field's limit (the driver forms, the address book), as the company settings hold theirs: the
 * input takes text past the limit (no maxlength, so a long paste is never cut without a word), the
 * count shows near and past the limit ('5000 of 100 characters'; always, for a multi-line field), and
 * past it the field says so at once in the domain schema's words ('First name must be at most 100
 * characters.'). The form's Save checks the same schema, so nothing is sent until the text is
 * shortened; the server refuses it the same way.
 */
export function textLimitOf(
  schema: z.ZodType,
  text: string,
  { multiline = false }: { multiline?: boolean } = {},
): { count?: string; overLimit?: string } {
  const limit = maxLengthOf(schema);
  if (limit === undefined) return {};
  // A multi-line field always shows its count, as the company settings' long texts do.
  const count = multiline ? `${text.length} of ${limit} characters` : nearLimitCount(text, limit);
  if (text.length <= limit) return { count };
  // The limit's own message: an over-long e-mail address is refused for its length, not its shape.
  const issues = schema.safeParse(text).error?.issues ?? [];
  const tooLong = issues.find((issue) => issue.code === 'too_big') ?? issues[0];
  return { count, overLimit: tooLong?.message ?? `At most ${limit} characters.` };
}

/** What a form says when Save is refused because a field is past its limit (the field says which). */
export const TOO_LONG_NOT_SAVED = 'Nothing was saved: shorten the fields marked as too long first.';

/** A field's hint, then its limit count when it shows one ('Empty for the base tariff · 95 of 100 characters'). */
export function hintWithCount(hint: string | undefined, count: string | undefined): string | undefined {
  return [hint, count].filter(Boolean).join(' · ') || undefined;
}
