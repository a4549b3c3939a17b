import type { AnyValidator } from '@tanstack/react-router';

/** How many distinct searches a route keeps the answer for (a screen's links and its own URL). */
const REMEMBERED = 32;

interface ParsingSchema {
  parse(input: unknown): unknown;
}

const isParsingSchema = (validator: unknown): validator is ParsingSchema =>
  typeof validator === 'object' && validator !== null && typeof (validator as ParsingSchema).parse === 'function';

/**
 * A route's search schema that remembers its answers. The router checks a route's search for every
 * link to it that it draws and for every location it builds, again and again with the same few
 * inputs; with zod schemas (jitless under our CSP) that took ~50 ms of a booking list's cold start,
 * ~200 ms on a phone (issue 10), and the zod-free readers (search-params.ts) still read some thirty
 * params of a booking list each time. Parsing is pure, so the same input (as JSON) gets the same
 * answer. The type stays the schema's own, so links are checked against it as before.
 */
export function rememberedSearch<TValidator extends AnyValidator | undefined>(validator: TValidator): TValidator {
  if (!isParsingSchema(validator)) return validator;
  const answers = new Map<string, unknown>();
  const remembered = (input: unknown) => {
    const key = JSON.stringify(input);
    if (answers.has(key)) return answers.get(key);
    const answer = validator.parse(input);
    if (answers.size >= REMEMBERED) answers.delete(answers.keys().next().value as string);
    answers.set(key, answer);
    return answer;
  };
  return remembered as unknown as TValidator;
}
