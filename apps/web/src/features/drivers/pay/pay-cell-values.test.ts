import { describe, expect, it } from 'vitest';
import { cellAfterKeystroke, parseBoost, parseDays, parseFuelPercent, type ParsedCell } from './pay-cell-values.ts';

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

describe('cellAfterKeystroke', () => {
  const daysWorked = parseDays('daysWorked');
  /** The value each keystroke hands the row, typing `text` into a cell that held `before`. */
  const valuesWhileTyping = <T>(text: string, before: T, parse: (text: string) => ParsedCell<T>) =>
    [...text].map((_, index) => cellAfterKeystroke({ text: text.slice(0, index + 1), before, parse }));

  it('hands the row each valid text as typed, so the figures follow while typing', () => {
    expect(valuesWhileTyping('3', 1, daysWorked)).toEqual([{ value: 3, refusedText: null }]);
    expect(cellAfterKeystroke({ text: '0', before: 1, parse: daysWorked })).toEqual({ value: 0, refusedText: null });
    expect(cellAfterKeystroke({ text: '7', before: 1, parse: daysWorked })).toEqual({ value: 7, refusedText: null });
  });

  it('leaves the row with the value before the typing once the text is refused, not a valid prefix of it', () => {
    expect(valuesWhileTyping('2.5', 1, daysWorked)).toEqual([
      { value: 2, refusedText: null },
      { value: 2, refusedText: null },
      { value: 1, refusedText: '2.5' },
    ]);
    expect(valuesWhileTyping('99999', 1, daysWorked).at(-1)).toEqual({ value: 1, refusedText: '99999' });
    expect(cellAfterKeystroke({ text: '8', before: 1, parse: daysWorked })).toEqual({ value: 1, refusedText: '8' });
    expect(cellAfterKeystroke({ text: '', before: 1, parse: daysWorked })).toEqual({ value: 1, refusedText: '' });
  });

  it('keeps an automatic boost automatic when a typed boost passes the maximum', () => {
    expect(cellAfterKeystroke({ text: '999999', before: null, parse: parseBoost })).toEqual({
      value: 999_999,
      refusedText: null,
    });
    expect(cellAfterKeystroke({ text: '1000000', before: null, parse: parseBoost })).toEqual({
      value: null,
      refusedText: '1000000',
    });
  });
});
