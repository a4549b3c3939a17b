// What the import checks share: the project's source files, the imports each one makes (read with
// TypeScript's own pre-processor, so comments and strings do not confuse it) and where an import
// points on disk.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations']);

/** Workspace package names and where their sources live, for resolving `@courier/...` imports. */
export const WORKSPACES = {
  '@courier/domain': 'packages/domain/src',
  '@courier/server': 'apps/server',
  '@courier/web': 'apps/web',
};

/** A path relative to the repository, with forward slashes. */
export const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** Every source file below a folder (declaration files and generated folders left out). */
export function* sourceFiles(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // folder not written yet
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* sourceFiles(full);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

/** The imports of a file (static, dynamic and re-exports), with the line each stands on. */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName, pos }) => ({
    specifier: fileName,
    line: text.slice(0, pos).split('\n').length,
  }));
}

/** `paths` aliases of an app's tsconfig (e.g. `@/*` -> `src/*`), as [prefix, folder] pairs. */
export function aliasesOf(appDir) {
  const configPath = path.join(appDir, 'tsconfig.json');
  if (!existsSync(configPath)) return [];
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const paths = config?.compilerOptions?.paths ?? {};
  const baseUrl = path.resolve(appDir, config?.compilerOptions?.baseUrl ?? '.');
  return Object.entries(paths)
    .filter(([, targets]) => Array.isArray(targets) && targets.length > 0)
    .map(([alias, [target]]) => [alias.replace(/\*$/, ''), path.resolve(baseUrl, target.replace(/\*$/, ''))]);
}

/** Where an import points on disk (a path prefix is enough), or null for a package. */
export function resolveImport(specifier, fromFile, aliases) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return path.resolve(path.dirname(fromFile), specifier);
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return path.join(root, folder, specifier.slice(name.length));
    }
  }
  for (const [prefix, folder] of aliases) {
    if (prefix && specifier.startsWith(prefix)) return path.join(folder, specifier.slice(prefix.length));
  }
  return null;
}

/** The file an import path names (`x.ts`, or `x` meaning `x.ts`, `x.tsx` or `x/index.ts`), or null. */
export function resolveFile(target) {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Whether `file` is `folder` or lies below it. */
export const inside = (file, folder) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};
