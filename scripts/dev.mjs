// `npm run dev`: the API server (restarted when its files change) and Vite's dev server for the web
// app (http://localhost:5173, proxying /api to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@courier/web'], { cwd: root, stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((child) => child.kill(signal)));
let running = children.length;
let failed = 0;
for (const child of children) {
  child.on('exit', (code) => {
    if (code) failed = code;
    // One side gone makes the other useless: stop it too.
    children.forEach((other) => other !== child && other.kill('SIGTERM'));
    if (--running === 0) process.exit(failed);
  });
}
