import { baseURL, DEMO_PASSWORD, type DemoRole } from './browser.ts';

/** A Bearer token of `<role>@demo.ie`, for the API look-ups a test needs beside the screen. */
export async function apiToken(role: DemoRole): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@demo.ie`, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Signs `<role>@demo.ie` in once; the function it gives GETs /api<path> with that token. */
export async function apiGetAs(role: DemoRole): Promise<<T>(path: string) => Promise<T>> {
  const token = await apiToken(role);
  return async <T>(path: string) =>
    (await fetch(`${baseURL()}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<T>;
}

/** Calls /api<path> as `<role>@demo.ie` (GET unless told, a JSON body when given): its status and JSON answer. */
export async function apiAs<T>(
  role: DemoRole,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const token = await apiToken(role);
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
