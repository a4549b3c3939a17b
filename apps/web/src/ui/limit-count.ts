/** From this share of a field's limit on, the field shows how many characters it holds. */
const NEAR = 0.8;

/**
 * 'N of M characters' once a text is near its limit (or past it, when a script set it), else
 * nothing: short fields stay quiet, a long one says how much room is left before the server refuses.
 */
export function nearLimitCount(text: string, limit: number | undefined): string | undefined {
  if (limit === undefined || text.length < limit * NEAR) return undefined;
  return `${text.length} of ${limit} characters`;
}
