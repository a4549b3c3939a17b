// `npm test`: every check, in order, stopping at the first failure with its exit code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  { name: 'Type check', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'Lint and feature boundaries', command: 'npm', args: ['run', 'lint'] },
  {
    name: 'Unit and integration tests (domain, server, web)',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'domain', '--project', 'server', '--project', 'web'],
  },
  { name: 'Web build', command: 'npm', args: ['run', 'build', '-w', '@courier/web'] },
  { name: 'Browser tests (e2e)', command: process.execPath, args: ['scripts/test-e2e.mjs'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
let exitCode = 0;
for (const [index, step] of steps.entries()) {
  console.log(
    `\n=== [${index + 1}/${steps.length}] ${step.name}: ${[path.basename(step.command), ...step.args].join(' ')} ===\n`,
  );
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' });
  const status = run.status ?? 1;
  results.push({ name: step.name, ok: status === 0, ms: Date.now() - started });
  if (status !== 0) {
    exitCode = status;
    break;
  }
}

console.log('\n=== Summary ===');
for (const step of steps) {
  const result = results.find((r) => r.name === step.name);
  console.log(
    `${result ? (result.ok ? 'PASS' : 'FAIL') : 'SKIP'}  ${step.name}${result ? ` (${seconds(result.ms)})` : ''}`,
  );
}
console.log(exitCode === 0 ? '\nAll checks passed.' : `\nStopped at the first failure (exit code ${exitCode}).`);
process.exit(exitCode);
