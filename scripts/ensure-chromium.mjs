// Finds a Chromium for the browser tests, installing Debian's `chromium` with apt-get when none is
// found and apt-get exists. Never skips silently: without a browser it fails and says how to get one.
// Run directly it prints the path; imported, `ensureChromium()` returns it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function fail(message) {
  throw new Error(
    `${message}\nInstall a Chromium (Debian/Ubuntu: 'sudo apt-get install chromium') or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  );
}

function installWithApt() {
  const isRoot = process.getuid?.() === 0;
  const prefix = isRoot ? [] : commandExists('sudo') ? ['sudo', '-n'] : null;
  if (!prefix) fail('No Chromium found, and apt-get needs root (not root, and no sudo).');
  console.error(
    `No Chromium found: installing Debian's chromium with ${prefix.length ? 'sudo -n apt-get' : 'apt-get'}...`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    // stdout goes to stderr so that, run as a script, our stdout is only the path.
    const result = spawnSync(command, rest, { stdio: ['ignore', 2, 2], env });
    if (result.status !== 0) fail(`'apt-get ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`);
  }
  if (!existsSync('/usr/bin/chromium')) fail('apt-get finished but /usr/bin/chromium is still missing.');
  return '/usr/bin/chromium';
}

/** The path of a Chromium executable: CHROMIUM_PATH, a system one, or a freshly apt-installed one. */
export function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) fail(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  if (commandExists('apt-get')) return installWithApt();
  return fail(
    'No Chromium found (looked at CHROMIUM_PATH, ' + CANDIDATES.join(', ') + ') and apt-get is not available.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
