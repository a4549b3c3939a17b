import type { ApiError } from '@courier/domain/common/api';
import type { ApiErrorCode } from '@courier/domain/common/errors';
import { sessionStore } from '../session/session-store.ts';
import { messageOfApiError, NOT_SAVED_TOAST } from './error-messages.ts';

/** A failed call: the status and the server's message, ready to show to a person. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiError | undefined,
  ) {
    super(message);
  }

  /** The server's error code (VALIDATION, STALE_EDIT, ...), when it answered with the JSON error body. */
  get code(): ApiErrorCode | undefined {
    return this.body?.error;
  }

  /**
   * What a form says of a refused save beside its fields: when the server named fields (each marked
   * with its message), that nothing was saved, not the server's summary with its field paths
   * ('Invalid body.description: ...'); otherwise the server's message.
   */
  get formMessage(): string {
    return this.body?.details?.length ? NOT_SAVED_TOAST.message : this.message;
  }

  /** The message for one field of a 400, if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.body?.details?.find((detail) => detail.field === field || detail.field.endsWith(`.${field}`))?.message;
  }
}

/**
 * A refusal: the server answered and said no (4xx). Trying again would get the same answer, so the
 * screen shows the server's reason and offers no 'try again'; only a real failure (a 5xx, no answer) does.
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;
  signal?: AbortSignal;
  /** The status that counts as success (spec: anything else is a failure); defaults to any 2xx. */
  expect?: number;
  /** The request outlives the page: a save sent as the page is reloaded or closed still reaches the server. */
  keepalive?: boolean;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Every call carries credentials and JSON (spec 1 §7). A 401 or 429 signs the user out; the
 * caller still gets the error so it can stop its spinner.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { accessToken } = sessionStore.get();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;

  let response: Response;
  try {
    response = await fetch(withQuery(`/api${path}`, options.query), {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'The server could not be reached. Check your connection and try again.', undefined);
  }

  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body: unknown = isJson ? await response.json().catch(() => undefined) : await response.text();
  const ok = options.expect === undefined ? response.ok : response.status === options.expect;
  if (!ok) {
    if (response.status === 401 || response.status === 429) sessionStore.signOut();
    const error = isJson ? (body as ApiError | undefined) : undefined;
    throw new ApiRequestError(response.status, messageOfApiError(response.status, error), error);
  }
  return body as T;
}

/** A file the server sends (a CSV, a report): its bytes and the name it gives it, or `fallbackName`. */
export interface ApiFile {
  fileName: string;
  file: Blob;
}

/**
 * GETs a file with the session, like apiRequest: a 401 or 429 signs the user out and any failure is
 * an ApiRequestError with the server's message. `path` is under /api unless it already starts with it.
 */
export async function apiFile(
  path: string,
  options: { query?: RequestOptions['query']; fallbackName: string },
): Promise<ApiFile> {
  const { accessToken } = sessionStore.get();
  let response: Response;
  try {
    response = await fetch(withQuery(path.startsWith('/api/') ? path : `/api${path}`, options.query), {
      credentials: 'include',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
  } catch {
    throw new ApiRequestError(0, 'The server could not be reached. Check your connection and try again.', undefined);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiError | undefined;
    if (response.status === 401 || response.status === 429) sessionStore.signOut();
    throw new ApiRequestError(response.status, messageOfApiError(response.status, body), body);
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  return { fileName, file: await response.blob() };
}
