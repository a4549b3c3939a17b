import { beforeEach, expect, it, vi } from 'vitest';

// main.tsx loads the toasts' host once the first screen inside the shell is drawn; a toast raised
// sooner (or on the sign-in page) asks for it at once through this signal, and is shown when it arrives.

beforeEach(() => {
  vi.resetModules();
});

it('tells a listener once, when the first toast asks for the host', async () => {
  const { onToastHostWanted, wantToastHost } = await import('./toast-host-signal.ts');
  const listener = vi.fn();
  onToastHostWanted(listener);
  expect(listener).not.toHaveBeenCalled();
  wantToastHost();
  wantToastHost();
  expect(listener).toHaveBeenCalledTimes(1);
});

it('tells a listener that comes after the first toast at once', async () => {
  const { onToastHostWanted, wantToastHost } = await import('./toast-host-signal.ts');
  wantToastHost();
  const listener = vi.fn();
  onToastHostWanted(listener);
  expect(listener).toHaveBeenCalledTimes(1);
});

it('does not tell a listener that has unsubscribed', async () => {
  const { onToastHostWanted, wantToastHost } = await import('./toast-host-signal.ts');
  const listener = vi.fn();
  const unsubscribe = onToastHostWanted(listener);
  unsubscribe();
  wantToastHost();
  expect(listener).not.toHaveBeenCalled();
});
