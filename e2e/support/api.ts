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
