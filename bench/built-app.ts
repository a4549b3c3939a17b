import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exitOf, freePort, hasExited, lastLines } from './support.ts';

// Generous: on a machine shared with other work the embedded database can take minutes to open.
const HEALTH_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

export const DEMO_PASSWORD = 'courier-demo';

/** `node scripts/start.mjs` as a user runs it, on its own port and DATA_DIR. */
export interface ServerProcess {
  baseURL: string;
  /** Answers once /api/health gives 200, asking every `pollMs`; throws if the server exits or takes too long. */
  healthy(options?: { pollMs?: number; timeoutMs?: number }): Promise<void>;
  /** Ctrl-C (start.mjs forwards it to the server), then a kill after 15 s; answers the exit code. */
  stop(): Promise<number | string>;
  /** Kills the whole process group at once (a hung server). */
  kill(): Promise<void>;
}

/**
 * Starts `node scripts/start.mjs` (the web app already built) on a free port with DATA_DIR `dataDir`
 * and the embedded database. Its own process group, so a hung server is killed whole.
 */
export async function startServerProcess(
  root: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
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
      SMTP_URL: '',
      ...env,
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

  return {
    baseURL,
    async healthy({ pollMs = 250, timeoutMs = HEALTH_TIMEOUT_MS } = {}) {
      const started = performance.now();
      for (;;) {
        if (hasExited(child)) throw new Error(`the server exited before it was healthy:\n${lastLines(output)}`);
        if (performance.now() - started > timeoutMs)
          throw new Error(`not healthy within ${timeoutMs / 1000} s:\n${lastLines(output)}`);
        const healthy = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) })
          .then((response) => response.status === 200)
          .catch(() => false); // not listening yet
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async stop() {
      if (hasExited(child)) return exitOf(child);
      child.kill('SIGINT');
      const timer = setTimeout(killGroup, STOP_TIMEOUT_MS);
      const code = await exitOf(child);
      clearTimeout(timer);
      return code;
    },
    async kill() {
      killGroup();
      await exitOf(child);
    },
  };
}

/** The built app as `npm start` runs it (web build reused, fresh embedded database with the demo data). */
export interface BuiltApp {
  baseURL: string;
  /** What the app keeps in localStorage after `<role>@demo.ie` signs in on the login screen. */
  sessionOf(role: string): Promise<{ key: string; value: string }>;
  stop(): Promise<void>;
}

/** Starts the built app with the demo data in a DATA_DIR of its own (removed on stop) and waits for /api/health. */
export async function startBuiltApp(root: string): Promise<BuiltApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'courier-bench-web-'));
  const server = await startServerProcess(root, dataDir, { DEMO_DATA: '1', SECURE_COOKIES: '0' });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.healthy();
  } catch (error) {
    await server.kill();
    await stop();
    throw error;
  }
  const { baseURL } = server;

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
