import { expect, it } from 'vitest';
import { messageOfApiError } from './error-messages.ts';

it("shows the server's message when it sent one", () => {
  expect(messageOfApiError(400, { error: 'VALIDATION', message: 'Enter a date as dd/MM/yy.' })).toBe(
    'Enter a date as dd/MM/yy.',
  );
  expect(
    messageOfApiError(500, { error: 'INTERNAL', message: 'Something went wrong on our side. Please try again later.' }),
  ).toBe('Something went wrong on our side. Please try again later.');
});

it("says a bare failure on the server's side in the server's own words, not as a status number", () => {
  for (const status of [500, 502, 503, 504]) {
    expect(messageOfApiError(status, undefined)).toBe('Something went wrong on our side. Please try again later.');
  }
});

it('names the status of a bare refusal', () => {
  expect(messageOfApiError(413, undefined)).toBe('The request failed (413).');
});
