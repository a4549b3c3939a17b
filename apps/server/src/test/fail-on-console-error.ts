import { format } from 'node:util';
import { afterAll, afterEach, vi } from 'vitest';

// STYLE 'Tests': console.error during a test fails it. The spy still prints, so the cause is visible.
// Created at load time so errors logged in beforeAll hooks count too (checked in afterAll).
const consoleError = vi.spyOn(console, 'error');

function failIfConsoleErrorWasCalled(where: string): void {
  const calls = consoleError.mock.calls.map((args) => format(...args));
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called ${where}:\n${calls.join('\n')}`);
}

afterEach(() => failIfConsoleErrorWasCalled('during the test'));
afterAll(() => failIfConsoleErrorWasCalled('in a beforeAll/afterAll hook'));
