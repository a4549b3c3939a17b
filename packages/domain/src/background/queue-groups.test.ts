import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_RUN_KINDS,
  DISPATCH_KINDS,
  kindsOfGroup,
  queueGroupOfKind,
  runDuration,
  runKindLabel,
} from './queue-groups.ts';
import { backgroundRunListQuerySchema } from './schemas.ts';

describe('queue groups', () => {
  it.each([
    ['invoice-report', 'admin'],
    ['invoice-finalise', 'admin'],
    ['invoice-periods', 'admin'],
    ['price-increase', 'admin'],
    ['carrier-increase', 'admin'],
    ['driver-documents', 'admin'],
    ['pay-period-review', 'admin'],
    ['driver-pay-report', 'admin'],
    ['driver-exports', 'admin'],
    ['new-drivers-csv', 'admin'],
    ['email', 'admin'],
    ['sms', 'admin'],
    ['set-call-run', 'dispatch'],
    ['status-sms', 'dispatch'],
    ['push-message', 'dispatch'],
  ])('a %s run is in the %s queue', (kind, group) => {
    expect(queueGroupOfKind(kind)).toBe(group);
  });

  it('puts a kind nobody listed in the Admin queue, so no run is invisible', () => {
    expect(queueGroupOfKind('brand-new-kind')).toBe('admin');
    expect(DISPATCH_KINDS).not.toContain('brand-new-kind');
  });

  it('lists each kind once, and each group its own kinds', () => {
    const kinds = BACKGROUND_RUN_KINDS.map((info) => info.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kindsOfGroup('dispatch').map((info) => info.kind)).toEqual(['set-call-run', 'status-sms', 'push-message']);
    expect(kindsOfGroup('admin')).toHaveLength(kinds.length - 3);
  });

  it('names kinds in words, an unlisted one from its own name', () => {
    expect(runKindLabel('set-call-run')).toBe('Set call bookings');
    expect(runKindLabel('price-increase')).toBe('Price increase');
    expect(runKindLabel('driver-pay-report')).toBe('Driver pay analysis');
    expect(runKindLabel('new-drivers-csv')).toBe('New drivers CSV');
    expect(runKindLabel('nightly_clean-up')).toBe('Nightly clean up');
    expect(runKindLabel('-')).toBe('-');
  });
});

describe('runDuration', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, seconds)).toISOString();

  it('is empty before the run started', () => {
    expect(runDuration({ startedAt: null, finishedAt: null })).toBeNull();
  });

  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min 00 s'],
    [185, '3 min 05 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h 00 min'],
    [7440, '2 h 04 min'],
  ])('%i seconds read %s', (seconds, text) => {
    expect(runDuration({ startedAt: at(0), finishedAt: at(seconds) })).toBe(text);
  });

  it('counts a running run up to now', () => {
    expect(runDuration({ startedAt: at(0), finishedAt: null }, new Date(at(42)))).toBe('42 s');
  });
});

describe('the run list query', () => {
  it('takes a group and text, an empty text as none', () => {
    expect(backgroundRunListQuerySchema.parse({ group: 'dispatch', text: '  smith ' })).toMatchObject({
      group: 'dispatch',
      text: 'smith',
    });
    expect(backgroundRunListQuerySchema.parse({ text: '   ' }).text).toBeUndefined();
  });

  it('refuses an unknown group and an over-long text with messages', () => {
    const group = backgroundRunListQuerySchema.safeParse({ group: 'ops' });
    expect(group.error?.issues[0]?.message).toBe('group must be one of admin, dispatch.');
    const text = backgroundRunListQuerySchema.safeParse({ text: 'x'.repeat(201) });
    expect(text.error?.issues[0]?.message).toBe('text must be at most 200 characters.');
  });
});
