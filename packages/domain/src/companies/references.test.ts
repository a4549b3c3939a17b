import { describe, expect, it } from 'vitest';
import {
  REFERENCE_MESSAGES,
  cleanOptions,
  referenceError,
  referenceProblem,
  type ReferenceDraft,
} from './references.ts';

const draft = (values: Partial<ReferenceDraft> = {}): ReferenceDraft => ({
  name: 'PO Number',
  header: 'Reference',
  values: [],
  limitOptions: false,
  ...values,
});
const others = [
  { id: 1, header: 'Reference' },
  { id: 2, header: 'Custom' },
];

describe('reference validation order (spec 1 §5)', () => {
  it('accepts a complete free-text reference', () => {
    expect(referenceError(draft({ header: 'CostCentre' }), others)).toBeNull();
  });

  it('(1) refuses a header another reference uses, before every other rule', () => {
    expect(referenceError(draft({ name: '', header: 'Reference', values: [], limitOptions: true }), others)).toBe(
      'The header "Reference" is already in use. Please choose another header.',
    );
  });

  it('(1) names the header in use by its label, on the Header field', () => {
    expect(referenceProblem(draft({ header: 'CostCentre' }), [{ id: 3, header: 'CostCentre' }])).toEqual({
      field: 'header',
      message: 'The header "Cost Centre" is already in use. Please choose another header.',
    });
  });

  it('names the field of each rule: the name, the header, the options', () => {
    expect(referenceProblem(draft({ name: ' ', header: 'Phone' }), others)?.field).toBe('name');
    expect(referenceProblem(draft({ header: null }), others)?.field).toBe('header');
    expect(referenceProblem(draft({ header: 'Phone', limitOptions: true }), others)?.field).toBe('values');
  });

  it('(1) lets Custom repeat, and lets a reference keep its own header', () => {
    expect(referenceError(draft({ header: 'Custom' }), others)).toBeNull();
    expect(referenceError(draft({ id: 1, header: 'Reference' }), others)).toBeNull();
  });

  it('(2) then asks for a name, before the header', () => {
    expect(referenceError(draft({ name: '   ', header: null }), others)).toBe(REFERENCE_MESSAGES.nameRequired);
    expect(REFERENCE_MESSAGES.nameRequired).toBe('Please enter a name for this reference.');
  });

  it('(3) then asks for a header, before the options', () => {
    expect(referenceError(draft({ header: '', limitOptions: true }), others)).toBe(
      'Please choose a header for this reference.',
    );
  });

  it('(4) limited options need at least one non-blank option', () => {
    expect(referenceError(draft({ header: 'Phone', limitOptions: true, values: [' ', ''] }), others)).toBe(
      'Please enter at least one option for this reference.',
    );
    expect(referenceError(draft({ header: 'Phone', limitOptions: true, values: ['A'] }), others)).toBeNull();
  });

  it('unlimited options need none', () => {
    expect(referenceError(draft({ header: 'Phone', limitOptions: false, values: [] }), others)).toBeNull();
  });

  it('cleans options: trimmed, no blanks, no repeats', () => {
    expect(cleanOptions([' A ', 'B', '', 'A'])).toEqual(['A', 'B']);
  });
});
