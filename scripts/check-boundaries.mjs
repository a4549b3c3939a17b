// Import boundaries (STYLE.md 'Layout'), checked on every lint:
// - a feature area (apps/{server,web}/src/features/<area>/) imports no other feature area;
// - the server layers below the areas (core/: shared reads and row mappers of the core tables;
//   db/, http/, platform/) import no feature area, nor the list of areas (apps/server/src/features/*);
// - apps/web/src is layered app -> features -> shared, imports flowing down only:
//     app:      main.tsx, router.tsx, routes/ (screens composed of several areas), shell/
//     features: features/<area>/ (each area also registers its own routes)
//     shared:   api/ (one module per server resource), ui/ (widgets), session/, routing/ (route
//               helpers areas build on), query-client.ts, theme.ts
//   so a web feature imports exactly: its own area, the shared layer (`@/api/...`, `@/ui/...`,
//   `@/session/...`, `@/routing/...`, `@/query-client.ts`), packages/domain and npm packages; the
//   shared layer never imports a feature or the app; api/ never imports ui/ (data below widgets);
// - packages/domain/src imports nothing but itself and zod (pure rules, no I/O);
// - apps/web never imports apps/server.
// Imports are read with TypeScript's own pre-processor, so comments and strings do not confuse it.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { aliasesOf, importsOf, inside, rel, resolveImport, root, sourceFiles } from './lib/source-files.mjs';

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

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
        report(
          file,
          line,
          `feature '${ownArea}' imports feature '${otherArea}' ('${specifier}'): move what they share to packages/domain or ${app === 'apps/web' ? 'apps/web/src/ui' : 'apps/server/src outside features'}`,
        );
      }
    }
  }
}

// 2. The server's core, db, http and platform layers sit below the feature areas: nothing under
//    apps/server/src/features (the areas use them, never the other way round).
const BELOW_AREAS = ['core', 'db', 'http', 'platform'];
{
  const appDir = path.join(root, 'apps/server');
  const featuresDir = path.join(appDir, 'src/features');
  const aliases = aliasesOf(appDir);
  for (const file of BELOW_AREAS.flatMap((layer) => [...sourceFiles(path.join(appDir, 'src', layer))])) {
    const layer = path.relative(path.join(appDir, 'src'), file).split(path.sep)[0];
    for (const { specifier, line } of importsOf(file)) {
      const target = resolveImport(specifier, file, aliases);
      const intoFeatures = target ? inside(target, featuresDir) : /(?:^|\/)features(?:\/|$)/.test(specifier);
      if (intoFeatures) {
        report(
          file,
          line,
          `server ${layer}/ imports a feature area ('${specifier}'): ${layer}/ sits below the areas; move what it needs into apps/server/src/core, db, http or platform`,
        );
      }
    }
  }
}

// 3. packages/domain is pure: itself and zod only (its tests may also use the test libraries).
const domainDir = path.join(root, 'packages/domain/src');
const isPackage = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);
for (const file of sourceFiles(domainDir)) {
  const allowed = /\.(test|spec)\.[cm]?tsx?$/.test(file) ? ['zod', 'vitest', 'fast-check'] : ['zod'];
  for (const { specifier, line } of importsOf(file)) {
    if (allowed.some((name) => isPackage(specifier, name))) continue;
    const target = resolveImport(specifier, file, []);
    if (target && inside(target, domainDir)) continue;
    const kind = BUILTINS.has(specifier)
      ? 'a Node built-in'
      : target
        ? 'a file outside packages/domain/src'
        : `a package other than ${allowed.join(', ')}`;
    report(
      file,
      line,
      `packages/domain imports ${kind} ('${specifier}'): the domain stays free of I/O and dependencies`,
    );
  }
}

// 4. The web app never imports the server.
const webDir = path.join(root, 'apps/web');
const serverDir = path.join(root, 'apps/server');
const webAliases = aliasesOf(webDir);
for (const file of sourceFiles(webDir)) {
  for (const { specifier, line } of importsOf(file)) {
    const target = resolveImport(specifier, file, webAliases);
    if (target && inside(target, serverDir)) {
      report(
        file,
        line,
        `apps/web imports the server ('${specifier}'): share types and schemas through packages/domain`,
      );
    }
  }
}

// 4. apps/web layers (see the top of this file).
const webSrc = path.join(webDir, 'src');
const WEB_SHARED = new Set(['api', 'ui', 'session', 'routing', 'query-client', 'theme']);
const WEB_APP = new Set(['main', 'router', 'routes', 'shell']);
/** The layer of a path in apps/web/src: 'features', 'app', a shared entry's name ('api', 'ui', ...), or null. */
function webLayerOf(target) {
  if (!inside(target, webSrc)) return null;
  const [first = ''] = path.relative(webSrc, target).split(path.sep);
  const name = first.replace(/\.[cm]?[jt]sx?$/, ''); // a top-level file, named with or without its extension
  if (name === 'features') return 'features';
  if (WEB_APP.has(name)) return 'app';
  return WEB_SHARED.has(name) ? name : null;
}
for (const file of sourceFiles(webSrc)) {
  const from = webLayerOf(file);
  if (!from) continue;
  for (const { specifier, line } of importsOf(file)) {
    const target = resolveImport(specifier, file, webAliases);
    const to = target ? webLayerOf(target) : null;
    if (!to) continue;
    if (from === 'features' && to === 'app') {
      report(file, line, `a web feature imports the app ('${specifier}'): the app composes features, not the reverse`);
    } else if (from !== 'features' && from !== 'app' && (to === 'features' || to === 'app')) {
      report(
        file,
        line,
        `apps/web/src/${from} is shared and imports ${to === 'app' ? 'the app' : 'a feature'} ('${specifier}'): shared layers stay below the areas`,
      );
    } else if (from === 'api' && to === 'ui') {
      report(file, line, `apps/web/src/api imports a widget ('${specifier}'): the data layer stays below ui/`);
    }
  }
}

if (violations.length > 0) {
  console.error(`check-boundaries: ${violations.length} import(s) cross a boundary:\n`);
  for (const violation of violations) console.error(`  ${violation}`);
  process.exit(1);
}
console.log(
  'check-boundaries: feature areas, the server core and layers below the areas, packages/domain and apps/web imports are within their boundaries.',
);
