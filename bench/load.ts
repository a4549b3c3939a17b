// A mixed read load on PostgreSQL: the server started as it runs in production (its own process,
// `node --import tsx apps/server/src/main.ts`, request logging on), a scratch database with 50,000
// bookings, 2,000 companies and 22,000 places, one signed-in user, and the booking list, the company
// list, one company and a place search in turn at 40 requests a second over 200 connections for 20 s:
// arriving at random (open-loop, bench/open-loop.ts; budget p95 < 200 ms), then from autocannon 9,
// whose connections fire together (a burst each second; reported, not judged).
// Alone: `BENCH_DATABASE_URL=postgres://... node --import tsx bench/load.ts`.
// BENCH_CPU_PROF=<folder> starts the server with `node --cpu-prof` and writes its profile there.
// BENCH_LOAD_SECONDS, BENCH_LOAD_RATE and BENCH_LOAD_CONNECTIONS change the load.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { generatePlaces, insertPlaces } from '../apps/server/src/db/seed/catalogue.ts';
import { Random } from '../apps/server/src/db/seed/random.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { BENCH_PASSWORD, insertBenchUser, withScratchDatabase } from './bench-app.ts';
import { openLoop, type OpenLoopRequest } from './open-loop.ts';
import { generateBookingScale } from './bookings-scale.ts';
import { exitOf, failedRun, freePort, hasExited, lastLines, ms, percentile, type BenchResult } from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = 'load, PostgreSQL';
const EMAIL = 'bench.load@courier.ie';
const SIZE = { companies: 2000, bookings: 50_000 };
const EXTRA_PLACES = 20_000;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 20);
const RATE = Number(process.env.BENCH_LOAD_RATE || 40);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS || 200);
const PLACE_QUERIES = ['murphy', 'main street', 'cork', 'kel', 'dublin 2', 'warehouse'];

/** Scale data and a user who reaches bookings, companies and the address book. */
async function seed(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir: null });
  try {
    await database.migrate();
    await generateBookingScale(database, SIZE);
    await insertPlaces(database.db, generatePlaces(new Random(616161), EXTRA_PLACES, 2000));
    await insertBenchUser(database, { email: EMAIL, lastName: 'Load', roles: ['ACCOUNTS', 'DISPATCHER'] });
  } finally {
    await database.close();
  }
  return performance.now() - started;
}

/** main.ts on `databaseUrl` in its own process group; resolves once /api/health answers. */
async function startServer(databaseUrl: string) {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DEMO_DATA: '0',
        WEB_DIST: '',
        SMTP_URL: '',
      },
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const address = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (hasExited(child)) throw new Error(`the server exited before it was healthy:\n${lastLines(errors)}`);
    if (performance.now() - started > 60_000) throw new Error(`not healthy within 60 s:\n${lastLines(errors)}`);
    try {
      if ((await fetch(`${address}/api/health`, { signal: AbortSignal.timeout(2_000) })).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    address,
    /** The server's CPU time so far (user + system, ms), from /proc; null where there is none. */
    cpuMs: () => processCpuMs(child.pid),
    /** Ctrl-C, as an operator stops it (the CPU profile is written on the way out). */
    stop: async () => {
      if (hasExited(child)) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exitOf(child);
      clearTimeout(timer);
    },
  };
}

/** Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second on Linux). */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function signIn(address: string): Promise<string> {
  const response = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The four reads, in the order each connection sends them; the varying parts are picked per request. */
function mixedRequests(companyIds: number[]): autocannon.Request[] {
  let turn = 0;
  const next = <T>(list: readonly T[]): T => list[turn++ % list.length] as T;
  return [
    { method: 'GET', path: '/api/bookings?size=100' },
    {
      method: 'POST',
      path: '/api/company',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: 10, skip: 0 }),
    },
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/company/${next(companyIds)}` }) },
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/place/search?query=${encodeURIComponent(next(PLACE_QUERIES))}`,
      }),
    },
  ];
}

/** The same four reads for the open-loop driver, by request number. */
function mixedRequest(companyIds: number[]): (index: number) => OpenLoopRequest {
  return (index) => {
    const turn = Math.floor(index / 4);
    switch (index % 4) {
      case 0:
        return { method: 'GET', path: '/api/bookings?size=100' };
      case 1:
        return { method: 'POST', path: '/api/company', body: JSON.stringify({ size: 10, skip: 0 }) };
      case 2:
        return { method: 'GET', path: `/api/company/${companyIds[turn % companyIds.length]}` };
      default:
        return {
          method: 'GET',
          path: `/api/place/search?query=${encodeURIComponent(PLACE_QUERIES[turn % PLACE_QUERIES.length] ?? 'cork')}`,
        };
    }
  };
}

async function drive(address: string, token: string, cpuMs: () => number | null): Promise<BenchResult[]> {
  const headers = { authorization: `Bearer ${token}` };
  const companies = (await (
    await fetch(`${address}/api/company`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ size: 50, skip: 0 }),
    })
  ).json()) as { companies: { id: number }[] };
  const companyIds = companies.companies.map((company) => company.id);
  if (companyIds.length === 0) throw new Error('no companies to read');

  // Warm-up: the JIT, the pool's connections and the plan caches, as a server that has been up a while.
  await autocannon({ url: address, headers, connections: 10, amount: 200, requests: mixedRequests(companyIds) });

  // The budget's load: 40 requests a second arriving at random (Poisson) over up to 200 connections.
  const cpuBefore = cpuMs();
  const spread = await openLoop({
    address,
    headers,
    next: mixedRequest(companyIds),
    rate: RATE,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const cpuAfter = cpuMs();
  // Server CPU per request: far steadier than latency on a shared machine, where the server waits for a core.
  const cpuPerRequest =
    cpuBefore !== null && cpuAfter !== null && spread.latencies.length > 0
      ? (cpuAfter - cpuBefore) / spread.latencies.length
      : null;

  // The same rate from autocannon: its connections fire on the same tick, so the second's 40 requests
  // arrive as one burst. Reported beside the budget, not judged by it: it shows the queue a burst makes.
  const burstLatencies: number[] = [];
  const burstStatuses = new Map<number, number>();
  const burst = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: address,
        headers,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: SECONDS,
        timeout: 10,
        requests: mixedRequests(companyIds),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      burstLatencies.push(responseTime);
      burstStatuses.set(statusCode, (burstStatuses.get(statusCode) ?? 0) + 1);
    });
  });

  const summarise = (latencies: number[], statuses: Map<number, number>, transportErrors: number) => {
    const non2xx = [...statuses].filter(([status]) => status < 200 || status >= 300);
    const errors = transportErrors + non2xx.reduce((sum, [, n]) => sum + n, 0);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p)) as [number, number, number];
    const statusNote = non2xx.length > 0 ? `; statuses ${non2xx.map(([s, n]) => `${s}×${n}`).join(', ')}` : '';
    return { p50, p95, p99, errors, statusNote, rps: latencies.length / SECONDS };
  };
  const even = summarise(spread.latencies, spread.statuses, spread.errors);
  const bursts = summarise(burstLatencies, burstStatuses, burst.errors + burst.timeouts);
  return [
    {
      bench: BENCH,
      case: `mixed reads at ${RATE} rps (Poisson arrivals) over ${CONNECTIONS} connections for ${SECONDS} s`,
      summary: `p50 ${ms(even.p50)}  p95 ${ms(even.p95)}  p99 ${ms(even.p99)}  errors ${even.errors}${cpuPerRequest === null ? '' : `  server CPU ${ms(cpuPerRequest)}/request`}`,
      metrics: {
        p50: even.p50,
        p95: even.p95,
        p99: even.p99,
        max: Math.max(...spread.latencies),
        requests: spread.latencies.length,
        rps: Number(even.rps.toFixed(1)),
        errors: even.errors,
        ...(cpuPerRequest === null ? {} : { serverCpuMsPerRequest: Number(cpuPerRequest.toFixed(2)) }),
      },
      ok: even.p95 < 200 && even.errors === 0,
      note: `${spread.latencies.length} requests (${even.rps.toFixed(1)}/s): booking list, company list, one company, place search in turn; budget p95 < 200 ms, no errors${even.statusNote}`,
    },
    {
      bench: BENCH,
      case: `the same from autocannon: ${RATE} requests at once each second`,
      summary: `p50 ${ms(bursts.p50)}  p95 ${ms(bursts.p95)}  p99 ${ms(bursts.p99)}  errors ${bursts.errors}`,
      metrics: {
        p50: bursts.p50,
        p95: bursts.p95,
        p99: bursts.p99,
        requests: burstLatencies.length,
        errors: bursts.errors,
        connections: burst.connections,
      },
      ok: bursts.errors === 0,
      note: `informative: autocannon's connections (${burst.connections}, no more than the rate) fire on the same tick, so each second's requests queue behind each other on 2 cores${bursts.statusNote}`,
    },
  ];
}

/** On a scratch database of the PostgreSQL server at serverUrl. */
export async function benchLoad(serverUrl: string): Promise<BenchResult[]> {
  try {
    return await withScratchDatabase(serverUrl, async (databaseUrl) => {
      const seedMs = await seed(databaseUrl);
      const seeded: BenchResult = {
        bench: BENCH,
        case: `generate ${SIZE.bookings.toLocaleString('en-IE')} bookings, ${SIZE.companies.toLocaleString('en-IE')} companies, ${(EXTRA_PLACES + 2000).toLocaleString('en-IE')} places`,
        summary: ms(seedMs),
        metrics: { seedMs: Math.round(seedMs) },
        ok: true,
      };
      const server = await startServer(databaseUrl);
      try {
        return [seeded, ...(await drive(server.address, await signIn(server.address), server.cpuMs))];
      } finally {
        await server.stop();
      }
    });
  } catch (error) {
    return [failedRun(BENCH, error)];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.');
  for (const result of await benchLoad(url))
    console.log(
      `${result.ok ? 'ok  ' : 'FAIL'} ${result.bench} | ${result.case} | ${result.summary}${result.note ? ` | ${result.note}` : ''}`,
    );
}
