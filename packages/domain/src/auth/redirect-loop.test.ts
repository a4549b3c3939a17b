import { describe, expect, it } from 'vitest';
import { MAX_REDIRECTS_IN_A_ROW, createRedirectLoopGuard } from './redirect-loop.ts';

describe('the redirect-loop guard (spec 1 §9: 30)', () => {
  it('allows 30 redirects in a row and refuses the 31st', () => {
    const guard = createRedirectLoopGuard();
    expect(MAX_REDIRECTS_IN_A_ROW).toBe(30);
    const answers = Array.from({ length: 31 }, () => guard.allowRedirect());
    expect(answers.slice(0, 30).every(Boolean)).toBe(true);
    expect(answers[30]).toBe(false);
    expect(guard.redirectsInARow).toBe(30);
  });

  it('keeps refusing until a navigation lands', () => {
    const guard = createRedirectLoopGuard();
    for (let i = 0; i < 30; i++) guard.allowRedirect();
    expect(guard.allowRedirect()).toBe(false);
    expect(guard.allowRedirect()).toBe(false);
    guard.landed();
    expect(guard.redirectsInARow).toBe(0);
    expect(guard.allowRedirect()).toBe(true);
  });

  it('counts only redirects in a row: landing in between starts again', () => {
    const guard = createRedirectLoopGuard();
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 29; i++) expect(guard.allowRedirect()).toBe(true);
      guard.landed();
    }
    expect(guard.redirectsInARow).toBe(0);
  });

  it('takes another limit, down to none at all', () => {
    const guard = createRedirectLoopGuard(2);
    expect([guard.allowRedirect(), guard.allowRedirect(), guard.allowRedirect()]).toEqual([true, true, false]);
    expect(createRedirectLoopGuard(0).allowRedirect()).toBe(false);
  });
});
