import { describe, expect, it } from 'vitest';
import { shownInvoiceDate } from './invoice-date-field.tsx';

describe('the Invoice Date the field shows', () => {
  it('is the URL’s day while nothing was typed since', () => {
    expect(shownInvoiceDate('2026-11-22', null)).toBe('2026-11-22');
  });

  it('is none while the text is empty or not a date', () => {
    expect(shownInvoiceDate('2026-11-22', { end: '2026-11-22', text: '' })).toBeUndefined();
    expect(shownInvoiceDate('2026-11-22', { end: '2026-11-22', text: '31/02/26' })).toBeUndefined();
  });

  it('is the day typed, until the URL holds it', () => {
    expect(shownInvoiceDate('2026-11-22', { end: '2026-11-22', text: '15/11/26' })).toBe('2026-11-15');
  });

  it('is the URL’s day again once the URL moves on (a link, back)', () => {
    expect(shownInvoiceDate('2026-11-15', { end: '2026-11-22', text: '31/02/26' })).toBe('2026-11-15');
  });
});
