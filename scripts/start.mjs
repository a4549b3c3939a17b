// `npm start`: build the web app when its sources are newer than the build, then run the server.
// The server is a direct child (`node --import tsx`, not `npx tsx`, which leaves orphans on kill):
// signals are forwarded and its exit code becomes ours.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

/** The newest modification time under a file or folder (0 when it does not exist); tests are not in the bundle. */
function newestMtime(target) {
  if (!existsSync(target) || /\.test\.tsx?$/.test(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

if (webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist is missing or older than its sources)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@courier/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  // Ctrl-C reaches the whole process group, so the server may already have it; forwarding twice is harmless.
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
