import { describe, expect, it } from 'vitest';
import { parseBoost, parseDays, parseFuelPercent } from './pay-cell-values.ts';

describe('parseDays', () => {
  const daysWorked = parseDays('daysWorked');

  it('takes whole days from 0 to 7', () => {
    expect(daysWorked('0')).toEqual({ ok: true, value: 0 });
    expect(daysWorked(' 7 ')).toEqual({ ok: true, value: 7 });
  });

  it("refuses anything else with the save schema's message", () => {
    for (const text of ['8', '9', '-1', '2.5', 'abc', '', '1e0'])
      expect(daysWorked(text), text).toEqual({
        ok: false,
        message: 'Days worked must be a whole number from 0 to 7.',
      });
    expect(parseDays('daysMissed')('9')).toEqual({
      ok: false,
      message: 'Days missed must be a whole number from 0 to 7.',
    });
  });
});

describe('parseBoost', () => {
  it('is automatic when empty, and takes euro up to the maximum with cents', () => {
    expect(parseBoost(' ')).toEqual({ ok: true, value: null });
    expect(parseBoost('999999')).toEqual({ ok: true, value: 999_999 });
    expect(parseBoost('25.5')).toEqual({ ok: true, value: 25.5 });
    expect(parseBoost('12.')).toEqual({ ok: true, value: 12 });
  });

  it("refuses past the maximum, past cents, below 0 or not a number, with the save schema's message", () => {
    expect(parseBoost('1000000')).toEqual({ ok: false, message: 'Manual boost must be at most €999,999.00.' });
    expect(parseBoost('99999999999')).toEqual({ ok: false, message: 'Manual boost must be at most €999,999.00.' });
    expect(parseBoost('1.234')).toEqual({
      ok: false,
      message: 'Manual boost has at most 2 decimal places (cents).',
    });
    expect(parseBoost('-1')).toEqual({ ok: false, message: 'Manual boost must be 0 or more.' });
    expect(parseBoost('abc')).toEqual({ ok: false, message: 'Manual boost must be an amount in euro.' });
  });
});

describe('parseFuelPercent', () => {
  it('takes a percent from 0 to 100 with cents, as a number or its text', () => {
    expect(parseFuelPercent(8.5)).toEqual({ ok: true, value: 8.5 });
    expect(parseFuelPercent(0)).toEqual({ ok: true, value: 0 });
    expect(parseFuelPercent('100')).toEqual({ ok: true, value: 100 });
    expect(parseFuelPercent('6.25%')).toEqual({ ok: true, value: 6.25 });
    expect(parseFuelPercent('8.')).toEqual({ ok: true, value: 8 });
  });

  it("keeps a minus and refuses it with the save schema's message, as the server does", () => {
    expect(parseFuelPercent(-5)).toEqual({ ok: false, message: 'Fuel percent must be 0 or more.' });
    expect(parseFuelPercent('-500')).toEqual({ ok: false, message: 'Fuel percent must be 0 or more.' });
    expect(parseFuelPercent(-0.01)).toEqual({ ok: false, message: 'Fuel percent must be 0 or more.' });
  });

  it('refuses past 100 or past cents in those words, and asks for a percent when there is none', () => {
    expect(parseFuelPercent(150)).toEqual({ ok: false, message: 'Fuel percent must be at most 100.' });
    expect(parseFuelPercent(8.555)).toEqual({ ok: false, message: 'Fuel percent has at most 2 decimal places.' });
    for (const typed of ['', ' ', '-', 'abc'])
      expect(parseFuelPercent(typed), typed).toEqual({ ok: false, message: 'Enter a fuel percent from 0 to 100.' });
  });
});
