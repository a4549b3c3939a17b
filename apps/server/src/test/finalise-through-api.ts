import { expect } from 'vitest';
import type { FinaliseStarted } from '@courier/domain/invoicing/finalise-schemas';
import type { BackgroundRunner } from '../platform/background/runner.ts';
import { bearer } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * POST /api/invoice/finalise for `ids` as `token` (an accounts user), as the invoice list sends it;
 * answers the run it queued. Any answer but 200 fails here with the server's body, so a refused
 * request is not read later as a run that finalised nothing.
 */
export async function startFinaliseThroughApi(
  t: Pick<TestApp, 'app'>,
  { token, ids }: { token: string; ids: number[] },
): Promise<FinaliseStarted> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/invoice/finalise',
    headers: bearer(token),
    payload: { ids },
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json<FinaliseStarted>();
}

/**
 * Finalises `ids` through the API and works the queue on `runner` until it is idle: the run and the
 * runs it queues (its e-mails, where `runner` takes them) have ended. Answers the finalise run's id.
 */
export async function finaliseThroughApi(
  t: Pick<TestApp, 'app'>,
  { token, ids, runner }: { token: string; ids: number[]; runner: Pick<BackgroundRunner, 'runUntilIdle'> },
): Promise<number> {
  const { runId } = await startFinaliseThroughApi(t, { token, ids });
  await runner.runUntilIdle();
  return runId;
}
