import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  formatCount,
  formatEuro,
  multiplyMoney,
  roundEuro,
  subtractMoney,
  toCents,
  toEuro,
  type Cents,
} from './money.ts';

const cents = (value: number) => value as Cents;

describe('toCents', () => {
  it.each([
    [0, 0],
    [12.5, 1250],
    [1234.56, 123456],
    ['12.50', 1250],
    ['0.01', 1],
    ['-7.2', -720],
    [100, 10000],
  ])('%j → %i', (euro, expected) => {
    expect(toCents(euro)).toBe(expected);
  });

  it.each([
    // Half a cent rounds away from zero, though 1.005 and 2.675 are stored just below the half as floats.
    [1.005, 101],
    [2.675, 268],
    [0.125, 13],
    [-1.005, -101],
    [-2.675, -268],
    ['1.005', 101],
    [0.1 + 0.2, 30],
    [1.004999, 100],
    [1.0049, 100],
    [0.005, 1],
    [-0.005, -1],
  ])('rounds the half-cent case %j to %i', (euro, expected) => {
    expect(toCents(euro)).toBe(expected);
  });

  it('never gives negative zero', () => {
    expect(Object.is(toCents(-0.004), 0)).toBe(true);
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
  });

  it('reads numeric text of up to 2 decimals exactly, as the number would be read', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
        fc.constantFrom(0, 1, 2),
        (amount, decimals) => {
          const text = (amount / 100).toFixed(decimals);
          expect(toCents(text)).toBe(toCents(Number(text)));
        },
      ),
    );
    expect(toCents('0012.3')).toBe(1230);
    expect(toCents('12.')).toBe(1200);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], ['abc'], ['12,50']])('refuses %j', (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });
});

describe('addMoney and subtractMoney', () => {
  it('adds in cents, so 0.1 + 0.2 is exactly 0.30', () => {
    expect(addMoney(toCents(0.1), toCents(0.2))).toBe(30);
    expect(toEuro(addMoney(toCents(0.1), toCents(0.2)))).toBe(0.3);
  });

  it('adds any number of amounts, none giving zero', () => {
    expect(addMoney()).toBe(0);
    expect(addMoney(cents(1999))).toBe(1999);
    expect(addMoney(cents(1999), cents(-1999))).toBe(0);
    expect(addMoney(...Array.from({ length: 10 }, () => toCents(0.1)))).toBe(100);
  });

  it('subtracts', () => {
    expect(subtractMoney(toCents(10), toCents(0.01))).toBe(999);
    expect(subtractMoney(toCents(0.3), toCents(0.1))).toBe(20);
  });
});

describe('multiplyMoney', () => {
  it.each([
    [1005, 3, 3015],
    [1999, 0.135, 270], // 13.5 % of €19.99 = €2.69865
    [1001, 0.5, 501], // €5.005: the half cent rounds up
    [-1001, 0.5, -501],
    [1001, 0, 0],
    [333, 1 / 3, 111],
    [100, 1.23, 123],
  ])('%i cents × %d = %i cents', (amount, factor, expected) => {
    expect(multiplyMoney(cents(amount), factor)).toBe(expected);
  });
});

describe('roundEuro and toEuro', () => {
  it('round a euro value to the cent the same way', () => {
    expect(roundEuro(2.675)).toBe(2.68);
    expect(roundEuro(1.005)).toBe(1.01);
    expect(roundEuro(-1.005)).toBe(-1.01);
    expect(toEuro(cents(123456))).toBe(1234.56);
  });
});

describe('formatEuro', () => {
  it.each([
    [1234.5, '€1,234.50'],
    [0, '€0.00'],
    [0.5, '€0.50'],
    [1234567.891, '€1,234,567.89'],
    [-5, '-€5.00'],
    [1.005, '€1.01'],
    [2.675, '€2.68'],
    ['1234.5', '€1,234.50'],
    ['12.50', '€12.50'],
    ['0.1', '€0.10'],
  ])('formats %j as %s', (value, expected) => {
    expect(formatEuro(value)).toBe(expected);
  });

  it.each([[null], [undefined], ['']])('formats %j as €0.00', (value) => {
    expect(formatEuro(value)).toBe('€0.00');
  });

  it('writes what Intl writes for en-IE euros, from cents to thirteen digits', () => {
    const intl = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
    const amounts = [
      0.01, 0.1, 0.99, 1, 9.99, 10, 99.5, 100, 999.99, 1000, 12345.67, 100000, 999999.99, 1e6, 1234567.89,
    ];
    amounts.push(9999999999999.99, 1000000000000);
    for (const amount of [...amounts, ...amounts.map((value) => -value)]) {
      expect(formatEuro(amount)).toBe(intl.format(amount));
      expect(formatEuro(amount.toFixed(2))).toBe(intl.format(amount));
    }
  });

  it('never writes a minus on a zero', () => {
    expect(formatEuro(-0)).toBe('€0.00');
    expect(formatEuro('-0.00')).toBe('€0.00');
    expect(formatEuro(-0.004)).toBe('€0.00');
  });
});

describe('formatCount', () => {
  it('groups thousands as toLocaleString en-IE does', () => {
    for (const value of [0, 7, 12, 999, 1000, 12345, 100000, 999999, 1000000, 1234567, 2147483647, 9007199254740991]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-IE'));
      expect(formatCount(-value || 0)).toBe((-value || 0).toLocaleString('en-IE'));
    }
  });

  it('leaves what is not a whole number to Intl', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-IE'));
  });
});
