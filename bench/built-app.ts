import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exitOf, freePort, hasExited, lastLines } from './support.ts';

// Generous: on a machine shared with other work the embedded database can take minutes to open.
const HEALTH_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

export const DEMO_PASSWORD = 'courier-demo';

/** The built app as `npm start` runs it (web build reused, fresh embedded database with the demo data). */
export interface BuiltApp {
  baseURL: string;
  /** What the app keeps in localStorage after `<role>@demo.ie` signs in on the login screen. */
  sessionOf(role: string): Promise<{ key: string; value: string }>;
  stop(): Promise<void>;
}

/**
 * Starts `node scripts/start.mjs` on a free port with its own DATA_DIR and waits for /api/health.
 * Its own process group, so a hung server is killed whole.
 */
export async function startBuiltApp(root: string): Promise<BuiltApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'courier-bench-web-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      SMTP_URL: '',
      SECURE_COOKIES: '0',
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
  const stop = async () => {
    if (!hasExited(child)) {
      child.kill('SIGINT');
      const timer = setTimeout(killGroup, STOP_TIMEOUT_MS);
      await exitOf(child);
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const started = performance.now();
  for (;;) {
    if (hasExited(child)) {
      await stop();
      throw new Error(`the server exited before it was healthy:\n${lastLines(output)}`);
    }
    if (performance.now() - started > HEALTH_TIMEOUT_MS) {
      killGroup();
      await stop();
      throw new Error(`not healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${lastLines(output)}`);
    }
    const healthy = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseURL,
    stop,
    async sessionOf(role) {
      const login = await fetch(`${baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${role}@demo.ie`, password: DEMO_PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`sign-in as ${role} failed: ${login.status} ${await login.text()}`);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const user: unknown = await (
        await fetch(`${baseURL}/api/user`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json();
      // The shape apps/web/src/session/session-store.ts keeps after the login screen signs in.
      return { key: 'courier.session', value: JSON.stringify({ isLoggedIn: true, accessToken, user }) };
    },
  };
}
