import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from './built-app.ts';
import { ms, type BenchResult } from './support.ts';

const HEALTH_TIMEOUT_MS = 90_000;

/** `node scripts/start.mjs` (web already built) to the first 200 from /api/health, then Ctrl-C. */
async function timeOneStart(options: {
  root: string;
  dataDir: string;
}): Promise<{ readyMs: number; stopMs: number; exitCode: number | string }> {
  const started = performance.now();
  const server = await startServerProcess(options.root, options.dataDir);
  try {
    await server.healthy({ pollMs: 25, timeoutMs: HEALTH_TIMEOUT_MS });
  } catch (error) {
    await server.kill();
    throw error;
  }
  const readyMs = performance.now() - started;
  const stopping = performance.now();
  const exitCode = await server.stop();
  return { readyMs, stopMs: performance.now() - stopping, exitCode };
}

export async function benchStartup(root: string): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'courier-bench-startup-'));
  const results: BenchResult[] = [];
  try {
    for (const name of [
      'first start (empty DATA_DIR: create, migrate, seed demo)',
      'second start (DATA_DIR initialised)',
    ]) {
      try {
        const timing = await timeOneStart({ root, dataDir });
        results.push({
          bench: 'startup',
          case: name,
          summary: `ready in ${ms(timing.readyMs)}  (Ctrl-C: exit ${timing.exitCode} in ${ms(timing.stopMs)})`,
          metrics: {
            readyMs: Math.round(timing.readyMs),
            stopMs: Math.round(timing.stopMs),
            exitCode: timing.exitCode,
          },
          ok: timing.exitCode === 0,
          note: timing.exitCode === 0 ? undefined : `exited with ${timing.exitCode} on SIGINT`,
        });
      } catch (error) {
        results.push({
          bench: 'startup',
          case: name,
          summary: 'failed',
          metrics: {},
          ok: false,
          note: error instanceof Error ? error.message : String(error),
        });
        break;
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
