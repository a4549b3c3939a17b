// The words zod uses when a schema gives no message of its own. Zod's English texts are written for
// programmers ('Too small: expected number to be >=0', 'Invalid option: expected one of "W"|"M"');
// these say what to send or type instead. The server installs this map for every request it checks
// (apps/server/src/app.ts) and the web app for every form (apps/web/src/zod-settings.ts), so an API
// client and a screen read the same text. A schema's own message still wins over these.
// No zod import at run time: the web app's first screen loads this file without zod (issue 10).
import type { $ZodErrorMap, $ZodRawIssue } from 'zod/v4/core';

const plural = (count: number | bigint, one: string, many: string) => (count === 1 || count === 1n ? one : many);

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function listOf(values: readonly unknown[]): string {
  const texts = values.map(quoted);
  if (texts.length <= 2) return texts.join(' or ');
  return `${texts.slice(0, -1).join(', ')} or ${texts.at(-1)}`;
}

const TYPE_WORDS: Partial<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const FORMAT_WORDS: Partial<Record<string, string>> = {
  email: 'an e-mail address, like name@example.ie',
  url: 'a web address, like https://example.ie',
  date: 'a date written yyyy-MM-dd',
  datetime: 'a date and time written yyyy-MM-ddTHH:mm:ssZ',
  time: 'a time written HH:mm',
  uuid: 'a UUID',
};

function countNoun(origin: string): [one: string, many: string] | null {
  if (origin === 'string') return ['character', 'characters'];
  if (origin === 'array' || origin === 'set') return ['item', 'items'];
  return null;
}

type Issue<Code extends $ZodRawIssue['code']> = Extract<$ZodRawIssue, { code: Code }>;

function tooSmall(issue: Issue<'too_small'>): string | undefined {
  const { minimum, origin } = issue;
  if (typeof minimum !== 'number' && typeof minimum !== 'bigint') return undefined;
  const noun = countNoun(origin);
  if (noun) {
    const [one, many] = noun;
    if (issue.exact) return `Must be exactly ${minimum} ${plural(minimum, one, many)}.`;
    if (Number(minimum) === 1) return origin === 'string' ? 'Cannot be empty.' : 'Must have at least one item.';
    return `Must have at least ${minimum} ${plural(minimum, one, many)}.`;
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint')
    return issue.inclusive === false ? `Must be greater than ${minimum}.` : `Must be at least ${minimum}.`;
  return undefined;
}

function tooBig(issue: Issue<'too_big'>): string | undefined {
  const { maximum, origin } = issue;
  if (typeof maximum !== 'number' && typeof maximum !== 'bigint') return undefined;
  const noun = countNoun(origin);
  if (noun) {
    const [one, many] = noun;
    if (issue.exact) return `Must be exactly ${maximum} ${plural(maximum, one, many)}.`;
    return `Must have at most ${maximum} ${plural(maximum, one, many)}.`;
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint')
    return issue.inclusive === false ? `Must be less than ${maximum}.` : `Must be at most ${maximum}.`;
  return undefined;
}

/** 0.01 is 'at most 2 decimal places'; any other step is named as it is. */
function notMultipleOf(divisor: number | bigint): string {
  const places = typeof divisor === 'number' && divisor < 1 ? -Math.log10(divisor) : NaN;
  if (Number.isInteger(Math.round(places * 1e9) / 1e9) && places > 0) {
    const count = Math.round(places);
    return `Must have at most ${count} decimal ${plural(count, 'place', 'places')}.`;
  }
  if (divisor === 1 || divisor === 1n) return 'Must be a whole number.';
  return `Must be a multiple of ${divisor}.`;
}

/**
 * The message for an issue whose schema gave none, or undefined to leave zod's own: zod calls this
 * as `customError` (set by `z.config`, or on `globalThis.__zod_globalConfig` before zod loads).
 */
export const plainZodMessage: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Required.';
      if (issue.input === null) return `Must be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not null.`;
      const wanted = TYPE_WORDS[issue.expected];
      return wanted ? `Must be ${wanted}.` : undefined;
    }
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value':
      return issue.values.length === 1 ? `Must be ${quoted(issue.values[0])}.` : `Must be ${listOf(issue.values)}.`;
    case 'invalid_format': {
      if (issue.format === 'regex') return 'Is not in the accepted format.';
      const wanted = FORMAT_WORDS[issue.format];
      return wanted ? `Must be ${wanted}.` : undefined;
    }
    case 'not_multiple_of':
      return notMultipleOf(issue.divisor);
    case 'unrecognized_keys':
      return `Unknown ${plural(issue.keys.length, 'field', 'fields')}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'Is not one of the accepted forms.';
    default:
      return undefined;
  }
};
