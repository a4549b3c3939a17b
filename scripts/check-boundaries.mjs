// Import boundaries (STYLE.md 'Layout'), checked on every lint:
// - a feature area (apps/{server,web}/src/features/<area>/) imports no other feature area;
// - packages/domain/src imports nothing but itself and zod (pure rules, no I/O);
// - apps/web never imports apps/server.
// Imports are read with TypeScript's own pre-processor, so comments and strings do not confuse it.
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations']);
const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Workspace package names and where their sources live, for resolving `@courier/...` imports. */
const WORKSPACES = { '@courier/domain': 'packages/domain/src', '@courier/server': 'apps/server', '@courier/web': 'apps/web' };

const rel = (file) => path.relative(root, file).split(path.sep).join('/');

function* sourceFiles(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // folder not written yet
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(full);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName, pos }) => ({ specifier: fileName, line: text.slice(0, pos).split('\n').length }));
}

/** `paths` aliases of an app's tsconfig (e.g. `@/*` -> `src/*`), as [prefix, folder] pairs. */
function aliasesOf(appDir) {
  const configPath = path.join(appDir, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const paths = config?.compilerOptions?.paths ?? {};
  const baseUrl = path.resolve(appDir, config?.compilerOptions?.baseUrl ?? '.');
  return Object.entries(paths)
    .filter(([, targets]) => Array.isArray(targets) && targets.length > 0)
    .map(([alias, [target]]) => [alias.replace(/\*$/, ''), path.resolve(baseUrl, target.replace(/\*$/, ''))]);
}

/** Where an import points on disk (a path prefix is enough), or null for a package. */
function resolveImport(specifier, fromFile, aliases) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return path.resolve(path.dirname(fromFile), specifier);
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return path.join(root, folder, specifier.slice(name.length));
  }
  for (const [prefix, folder] of aliases) {
    if (prefix && specifier.startsWith(prefix)) return path.join(folder, specifier.slice(prefix.length));
  }
  return null;
}

const inside = (file, folder) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The feature area a path belongs to within an app's features folder, or null. */
function areaOf(target, featuresDir) {
  if (!inside(target, featuresDir)) return null;
  const [area, ...rest] = path.relative(featuresDir, target).split(path.sep);
  return area && rest.length > 0 ? area : null; // a file directly in features/ belongs to no area
}

const violations = [];
const report = (file, line, message) => violations.push(`${rel(file)}:${line}  ${message}`);

// 1. Feature areas do not import each other.
for (const app of ['apps/server', 'apps/web']) {
  const appDir = path.join(root, app);
  const featuresDir = path.join(appDir, 'src/features');
  const aliases = aliasesOf(appDir);
  for (const file of sourceFiles(featuresDir)) {
    const ownArea = areaOf(file, featuresDir);
    if (!ownArea) continue;
    for (const { specifier, line } of importsOf(file)) {
      const target = resolveImport(specifier, file, aliases);
      // An alias we cannot resolve still names its folder: catch `~/features/x/...` too.
      const otherArea = target ? areaOf(target, featuresDir) : /(?:^|\/)features\/([^/]+)\//.exec(specifier)?.[1];
      if (otherArea && otherArea !== ownArea) {
        report(file, line, `feature '${ownArea}' imports feature '${otherArea}' ('${specifier}'): move what they share to packages/domain or ${app === 'apps/web' ? 'apps/web/src/ui' : 'apps/server/src outside features'}`);
      }
    }
  }
}

// 2. packages/domain is pure: itself and zod only (its tests may also use the test libraries).
const domainDir = path.join(root, 'packages/domain/src');
const isPackage = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);
for (const file of sourceFiles(domainDir)) {
  const allowed = /\.(test|spec)\.[cm]?tsx?$/.test(file) ? ['zod', 'vitest', 'fast-check'] : ['zod'];
  for (const { specifier, line } of importsOf(file)) {
    if (allowed.some((name) => isPackage(specifier, name))) continue;
    const target = resolveImport(specifier, file, []);
    if (target && inside(target, domainDir)) continue;
    const kind = BUILTINS.has(specifier) ? 'a Node built-in' : target ? 'a file outside packages/domain/src' : `a package other than ${allowed.join(', ')}`;
    report(file, line, `packages/domain imports ${kind} ('${specifier}'): the domain stays free of I/O and dependencies`);
  }
}

// 3. The web app never imports the server.
const webDir = path.join(root, 'apps/web');
const serverDir = path.join(root, 'apps/server');
const webAliases = aliasesOf(webDir);
for (const file of sourceFiles(webDir)) {
  for (const { specifier, line } of importsOf(file)) {
    const target = resolveImport(specifier, file, webAliases);
    if (target && inside(target, serverDir)) {
      report(file, line, `apps/web imports the server ('${specifier}'): share types and schemas through packages/domain`);
    }
  }
}

if (violations.length > 0) {
  console.error(`check-boundaries: ${violations.length} import(s) cross a boundary:\n`);
  for (const violation of violations) console.error(`  ${violation}`);
  process.exit(1);
}
console.log('check-boundaries: feature areas, packages/domain and apps/web imports are within their boundaries.');
