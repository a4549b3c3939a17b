import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(options: { url: string; child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (options.child.exitCode !== null || options.child.signalCode !== null) {
      throw new Error(
        `The server exited (${options.child.exitCode ?? options.child.signalCode}) before it was healthy. Its output:\n${options.output()}`,
      );
    }
    try {
      const response = await fetch(options.url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not healthy within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${options.output()}`);
}

/**
 * Starts the built app once for the whole e2e run, on a free port with a fresh embedded database
 * and the demo data, and stops it afterwards. Tests read the address with `inject('baseURL')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webDist = path.resolve(root, process.env.WEB_DIST || 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `${path.join(webDist, 'index.html')} is missing: build the web app first (npm run build -w @courier/web).`,
    );
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'courier-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '', // always the embedded database, whatever the caller's environment says
      DEMO_DATA: '1',
      WEB_DIST: webDist,
      SMTP_URL: '', // e-mails stay in the outbox, where tests can read them
      SECURE_COOKIES: '0', // plain http
      PRICE_INCREASE_SECRET: 'e2e-increase-code', // the authorisation code e2e/tests/pricing.test.ts types
      // Users without a back-office role are sent here: a local page, so no network is needed.
      COURIER_WEBSITE_URL: `${baseURL}/api/health`,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    // Keep the server's log for reading after a failed run (e2e/artifacts is git-ignored).
    mkdirSync(path.join(root, 'e2e/artifacts'), { recursive: true });
    writeFileSync(path.join(root, 'e2e/artifacts/server.log'), output);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth({ url: `${baseURL}/api/health`, child, output: () => output });
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseURL', baseURL);
  return stop;
}
