// Structure rules (STYLE.md 'Code' and 'Layout'), checked on every lint:
// - source files and folders are named in kebab-case (`booking-table.tsx`, `set-calls/`); a name may
//   carry dotted parts after it (`booking-table.module.css`, `sign-in.test.ts`, `vite.config.ts`);
// - no import cycles between the project's own files: imports flow app -> features -> shared.
//   Type-only imports count too: a cycle of types still ties two modules into one.
import path from 'node:path';
import { aliasesOf, importsOf, rel, resolveFile, resolveImport, root, sourceFiles } from './lib/source-files.mjs';

const TREES = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'e2e', 'bench', 'scripts'];
/** The app whose tsconfig `paths` apply to a tree. */
const APP_OF_TREE = { 'apps/server/src': 'apps/server', 'apps/web/src': 'apps/web' };
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

const problems = [];
const files = TREES.flatMap((tree) => [...sourceFiles(path.join(root, tree))].map((file) => ({ file, tree })));

// 1. Names.
const named = new Set();
for (const { file, tree } of files) {
  const parts = path.relative(path.join(root, tree), file).split(path.sep);
  for (const [index, part] of parts.entries()) {
    const shown = rel(path.join(root, tree, ...parts.slice(0, index + 1)));
    if (named.has(shown)) continue;
    named.add(shown);
    if (!KEBAB.test(part)) problems.push(`${shown}  is not named in kebab-case (lower-case words joined by '-')`);
  }
}

// 2. Cycles: Tarjan's strongly connected components over the graph of local imports.
const edges = new Map();
for (const { file, tree } of files) {
  const app = APP_OF_TREE[tree];
  const aliases = app ? aliasesOf(path.join(root, app)) : [];
  const targets = new Set();
  for (const { specifier } of importsOf(file)) {
    const target = resolveImport(specifier, file, aliases);
    const resolved = target && resolveFile(target);
    if (resolved && resolved !== file) targets.add(resolved);
  }
  edges.set(file, [...targets]);
}

let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(start) {
  // Iterative, so a deep import chain cannot overflow the call stack.
  const work = [{ node: start, next: 0 }];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work.at(-1);
    const targets = edges.get(frame.node) ?? [];
    if (frame.next < targets.length) {
      const target = targets[frame.next++];
      if (!edges.has(target)) continue; // outside the checked trees
      if (!index.has(target)) {
        index.set(target, counter);
        low.set(target, counter++);
        stack.push(target);
        onStack.add(target);
        work.push({ node: target, next: 0 });
      } else if (onStack.has(target)) {
        low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
      }
      continue;
    }
    work.pop();
    const parent = work.at(-1);
    if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
    if (low.get(frame.node) === index.get(frame.node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1) cycles.push(component);
    }
  }
}
for (const file of edges.keys()) if (!index.has(file)) visit(file);
for (const component of cycles) {
  problems.push(`import cycle between ${component.length} files: ${component.map(rel).sort().join(', ')}`);
}

if (problems.length > 0) {
  console.error(`check-structure: ${problems.length} problem(s):\n`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`check-structure: ${files.length} files named in kebab-case, no import cycles.`);
