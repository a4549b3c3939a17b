import { describe, expect, it } from 'vitest';
import { parseDriverCode, setCallDetailsProblems } from './set-calls.ts';

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
