import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exitOf, freePort, hasExited, lastLines, ms, type BenchResult } from './support.ts';

const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * `node scripts/start.mjs` (web already built) to the first 200 from /api/health, then Ctrl-C.
 * Started in its own process group so that, if it hangs, the whole group can be killed.
 */
async function timeOneStart(options: {
  root: string;
  dataDir: string;
}): Promise<{ readyMs: number; stopMs: number; exitCode: number | string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: options.root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };

  try {
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      if (hasExited(child)) throw new Error(`the server exited before it was healthy:\n${lastLines(output)}`);
      if (performance.now() - started > HEALTH_TIMEOUT_MS)
        throw new Error(`not healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${lastLines(output)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) readyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (readyMs === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const stopping = performance.now();
    child.kill('SIGINT'); // what Ctrl-C does: start.mjs forwards it to the server
    const timer = setTimeout(killGroup, STOP_TIMEOUT_MS);
    const exitCode = await exitOf(child);
    clearTimeout(timer);
    return { readyMs, stopMs: performance.now() - stopping, exitCode };
  } catch (error) {
    killGroup();
    await exitOf(child);
    throw error;
  }
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
