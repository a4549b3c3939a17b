// A benchmark's streaming download in a process of its own (support.ts downloadApart): it asks for one
// URL once, reads the body as it comes without keeping it, and prints the time and the lines counted.
// Read from the server's own process, the download also counted the client's reading of ~31 MB on the
// server's event loop, which psql's \copy (the CSV's floor) does in a process of its own.

interface Job {
  url: string;
  headers: Record<string, string>;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;

const started = performance.now();
const response = await fetch(job.url, { headers: job.headers });
if (response.status !== 200) throw new Error(`${job.url} answered ${response.status}: ${await response.text()}`);
let lines = 0;
const reader = response.body?.getReader();
for (;;) {
  const next = await reader?.read();
  if (!next || next.done) break;
  for (let at = next.value.indexOf(10); at !== -1; at = next.value.indexOf(10, at + 1)) lines++;
}
process.stdout.write(JSON.stringify({ ms: performance.now() - started, lines }));

export {};
