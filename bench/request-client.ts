// A benchmark's HTTP client in a process of its own (support.ts measureRequestsApart): it asks for
// one URL `warmUp` then `count` times, one after another, and prints the times and the last answer's
// JSON. Timed from the server's own process, a request also counted the client's work on the same
// event loop (reading, decompressing and parsing ~165 KB of JSON for a page of bookings).

interface Job {
  url: string;
  headers: Record<string, string>;
  warmUp: number;
  count: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;

async function once(): Promise<ArrayBuffer> {
  const response = await fetch(job.url, { headers: job.headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200)
    throw new Error(`${job.url} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
  return body;
}

for (let i = 0; i < job.warmUp; i++) await once();
const samples: number[] = [];
let last = new ArrayBuffer(0);
for (let i = 0; i < job.count; i++) {
  const started = performance.now();
  last = await once();
  samples.push(performance.now() - started);
}
process.stdout.write(JSON.stringify({ samples, body: JSON.parse(new TextDecoder().decode(last)) as unknown }));

export {};
