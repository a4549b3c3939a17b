import { describe, expect, it } from 'vitest';
import { driverCodeIsNumber, parseDriverCode, setCallDetailsProblems, setCallEditSchema } from './set-calls.ts';

describe('set call details (spec 1 §5)', () => {
  it.each([
    [142, 142],
    ['142', 142],
    [' 7 ', 7],
    [1, 1],
    [0, null],
    ['0', null],
    [-3, null],
    ['abc', null],
    ['', null],
    [null, null],
  ] as const)('driver code %j is stored as %j', (input, stored) => {
    expect(parseDriverCode(input)).toBe(stored);
  });

  it('requires a service and both phones, each with its own message', () => {
    expect(setCallDetailsProblems({ service: null, collectionPhone: ' ', deliveryPhone: '' })).toEqual([
      { field: 'service', message: 'Please choose a service.' },
      { field: 'collectionPhone', message: 'Please enter the collection phone number.' },
      { field: 'deliveryPhone', message: 'Please enter the delivery phone number.' },
    ]);
    expect(setCallDetailsProblems({ service: 3, collectionPhone: '01 234', deliveryPhone: '01 567' })).toEqual([]);
  });
});

describe('the driver code of a set call edit', () => {
  const driverIssues = (driver: unknown) =>
    setCallEditSchema.shape.driver.safeParse(driver).error?.issues.map((issue) => issue.message);

  it.each([2147483647, '2147483647', 0, ' 12 ', '-4', '', null])(
    'accepts %j (a driver number, or no driver)',
    (driver) => {
      expect(driverIssues(driver)).toBeUndefined();
    },
  );

  it.each(['abc', '12a', 'Eoin'])('refuses %j, which is not a number, rather than storing no driver', (driver) => {
    expect(driverCodeIsNumber(driver)).toBe(false);
    expect(driverIssues(driver)).toEqual(['The driver code must be a number (leave it empty for no fixed driver).']);
  });

  it.each([2147483648, '2147483648', 1e20])('refuses %j, past any driver number, with a 400 not a 500', (driver) => {
    expect(driverIssues(driver)).toEqual(['The driver code must be at most 2147483647.']);
  });
});
