import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** One line of the results table; `metrics` holds the raw numbers written to results/latest.json. */
export interface BenchResult {
  bench: string;
  case: string;
  /** What the table shows, e.g. 'p50 4.1 ms  p95 6.0 ms  p99 9.3 ms'. */
  summary: string;
  metrics: Record<string, number | string | boolean>;
  ok: boolean;
  note?: string;
}

export const ms = (value: number): string =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves with the exit code (or signal) when the child ends. */
export function exitOf(child: ChildProcess): Promise<number | string> {
  if (hasExited(child)) return Promise.resolve(child.exitCode ?? child.signalCode ?? -1);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

/** Runs a command to its end, collecting its output; never throws. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string },
): Promise<{ code: number; output: string; stdout: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    // `output` is both streams as they came (for a failure's message); `stdout` alone (for an answer).
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) =>
      resolve({ code: -1, output: `${output}\n${error.message}`, stdout, ms: performance.now() - started }),
    );
    child.on('exit', (code) => resolve({ code: code ?? -1, output, stdout, ms: performance.now() - started }));
  });
}

export function lastLines(text: string, count = 15): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/** Sends requests one after another (warm-up first); the samples stop at a count or a time limit. */
export async function measureRequests(
  request: () => Promise<unknown>,
  options: { warmUp?: number; count?: number; limitMs?: number } = {},
): Promise<number[]> {
  for (let i = 0; i < (options.warmUp ?? 10); i++) await request();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < (options.count ?? 200) && performance.now() - started < (options.limitMs ?? 6_000)) {
    const t0 = performance.now();
    await request();
    samples.push(performance.now() - t0);
  }
  return samples;
}

/**
 * `count` requests of GET `url`, one after another after `warmUp`, timed by a client in a process of
 * its own (request-client.ts): the server's process does only the server's work. Answers the times
 * and the last answer's JSON.
 */
export async function measureRequestsApart(
  url: string,
  options: { headers: Record<string, string>; warmUp: number; count: number },
): Promise<{ samples: number[]; body: unknown }> {
  const client = fileURLToPath(new URL('./request-client.ts', import.meta.url));
  const job = JSON.stringify({ url, ...options });
  const { code, output, stdout } = await run(process.execPath, ['--import', 'tsx', client, job], {
    cwd: process.cwd(),
  });
  if (code !== 0) throw new Error(`the request client failed (${code}):\n${lastLines(output)}`);
  return JSON.parse(stdout) as { samples: number[]; body: unknown };
}

/**
 * One streamed GET of `url`, read in a process of its own that keeps none of it: curl, a C client
 * writing to a pipe as psql's \copy (the CSV's floor) writes to /dev/null, so neither side's time
 * counts a client's own work on this 2-core machine (a Node client's fetch took ~0.4 s of CPU from
 * the server and the database for a 31 MB CSV). Without curl, stream-client.ts in Node. Answers the
 * time from the request to the body's last byte, the body's line count and the client used.
 */
export async function downloadApart(
  url: string,
  options: { headers: Record<string, string> },
): Promise<{ ms: number; lines: number; client: string }> {
  const headers = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  // curl prints its timing on stderr; the body goes to wc, which prints the line count.
  const curl = await run(
    'sh',
    ['-c', 'curl -sS -w "%{stderr}timing %{http_code} %{time_total}\\n" "$@" | wc -l', 'sh', ...headers, url],
    { cwd: process.cwd() },
  );
  const timing = /timing (\d+) ([\d.]+)/.exec(curl.output);
  if (timing) {
    if (timing[1] !== '200') throw new Error(`${url} answered ${timing[1]}`);
    return { ms: Number(timing[2]) * 1000, lines: Number(curl.stdout.trim()), client: 'curl' };
  }
  if (!/not found/.test(curl.output)) throw new Error(`curl failed (${curl.code}):\n${lastLines(curl.output)}`);
  const client = fileURLToPath(new URL('./stream-client.ts', import.meta.url));
  const node = await run(process.execPath, ['--import', 'tsx', client, JSON.stringify({ url, ...options })], {
    cwd: process.cwd(),
  });
  if (node.code !== 0) throw new Error(`the download client failed (${node.code}):\n${lastLines(node.output)}`);
  return { ...(JSON.parse(node.stdout) as { ms: number; lines: number }), client: 'Node fetch' };
}

/** A latency line: p50/p95/p99 of the samples, plus any extra metrics (e.g. how many rows matched). */
export function latencyResult(
  bench: string,
  name: string,
  samples: number[],
  options: { note?: string; metrics?: BenchResult['metrics'] } = {},
): BenchResult {
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(samples, p)) as [number, number, number];
  return {
    bench,
    case: name,
    summary: `p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}`,
    metrics: {
      p50: Number(p50.toFixed(2)),
      p95: Number(p95.toFixed(2)),
      p99: Number(p99.toFixed(2)),
      requests: samples.length,
      ...options.metrics,
    },
    ok: true,
    note: options.note ?? `${samples.length} requests`,
  };
}

/** The line a bench reports when it could not run to the end. */
export function failedRun(bench: string, error: unknown): BenchResult {
  return {
    bench,
    case: 'run',
    summary: 'failed',
    metrics: {},
    ok: false,
    note: error instanceof Error ? error.message : String(error),
  };
}
