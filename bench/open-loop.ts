import { Agent, request } from 'node:http';

// An open-loop load: requests arrive at a steady average rate with random (Poisson) gaps, each sent
// on whichever of `connections` keep-alive connections is free, whether or not earlier ones have
// answered, as independent users' requests arrive at a server. Unlike autocannon's overallRate,
// whose connections all fire on the same tick (a burst of `rate` requests once a second), the load
// is spread over the second.

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface OpenLoopResult {
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
}

/** A small seeded generator (mulberry32), so every run sends the same gaps. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function openLoop(options: {
  address: string;
  headers: Record<string, string>;
  /** The requests in turn; called with the request's number. */
  next: (index: number) => OpenLoopRequest;
  rate: number;
  connections: number;
  seconds: number;
  timeoutMs?: number;
}): Promise<OpenLoopResult> {
  const url = new URL(options.address);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const random = seeded(20261125);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const { method, path, body } = options.next(index);
      const started = performance.now();
      const outgoing = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          timeout: options.timeoutMs ?? 10_000,
          headers: { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            const status = response.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            resolve();
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(body);
    });

  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let due = start;
  for (let index = 0; ; index++) {
    // Exponential gaps with the rate's mean: a Poisson arrival process.
    due += (-Math.log(1 - random()) / options.rate) * 1000;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies, statuses, errors };
}
