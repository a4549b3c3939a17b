import type { ApiError } from '@courier/domain/common/api';
import type { ApiErrorCode } from '@courier/domain/common/errors';
import { SERVER_FAILURE_MESSAGE } from '@courier/domain/common/failure-texts';

/**
 * The one place that turns the server's error codes into what a person reads. Where the spec quotes
 * a text for a situation, that text is shown; every other code shows the server's own message, which
 * already says what went wrong (the codes and their statuses: packages/domain/src/common/errors.ts).
 */
export const SPEC_ERROR_TEXTS: Partial<Record<ApiErrorCode, string>> = {
  // The edit guards of spec 2 §5 (LOCKED_INVOICED, LOCKED_PAID) are not here: the server's message
  // already holds the spec's text (paid or partly paid) after the job it names.
};

/**
 * The message for a failed call: the spec's text for its code, else the server's message, else (a
 * bare answer, from a proxy between) the server's own words for a failure on its side, or the status.
 */
export function messageOfApiError(status: number, body: ApiError | undefined): string {
  const specText = body ? SPEC_ERROR_TEXTS[body.error] : undefined;
  return specText ?? body?.message ?? (status >= 500 ? SERVER_FAILURE_MESSAGE : `The request failed (${status}).`);
}

/** The note for a refused save (400): the fields say why, so it neither repeats them nor says 'try again'. */
export const NOT_SAVED_TOAST = {
  title: 'Not saved',
  message: 'Nothing was saved: the marked fields say why.',
} as const;
