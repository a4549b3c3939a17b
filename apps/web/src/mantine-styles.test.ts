import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';

// src/mantine.css loads Mantine's stylesheets one component at a time (a third of the whole file
// styled components no screen uses). A component imported from @mantine/core without its stylesheet
// would draw unstyled; one loaded out of Mantine's order could lose to a rule it used to beat.

const require = createRequire(import.meta.url);
const mantineStyles = path.dirname(require.resolve('@mantine/core/styles.css'));
const src = import.meta.dirname;

/** The component names src/mantine.css imports, in its order. */
const listed = [
  ...readFileSync(path.join(src, 'mantine.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g),
].map((match) => match[1] as string);

/** Every name the app imports from @mantine/core (components, hooks and types alike). */
function importedFromMantine(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(
          /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
        )) {
          for (const name of (match[1] as string).split(',')) {
            const bare = name
              .replace(/^\s*type\s+/, '')
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (bare) names.add(bare);
          }
        }
      }
    }
  };
  visit(src);
  return names;
}

it('lists a stylesheet for every @mantine/core component the app draws', () => {
  const imported = importedFromMantine();
  expect(imported.has('Button'), 'the scan found the app’s imports').toBe(true);
  const withStyles = [...imported].filter((name) => {
    try {
      readFileSync(path.join(mantineStyles, 'styles', `${name}.css`));
      return true;
    } catch {
      return false;
    }
  });
  expect(withStyles.filter((name) => !listed.includes(name))).toEqual([]);
});

it("lists Mantine's global styles first and its stylesheets in the order of the whole file", () => {
  expect(listed.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  const whole = readFileSync(path.join(mantineStyles, 'styles.css'), 'utf8');
  const at = listed.map((name) => {
    const own = readFileSync(path.join(mantineStyles, 'styles', `${name}.css`), 'utf8').trim();
    return whole.indexOf(own.slice(0, 200));
  });
  expect(at.every((position) => position >= 0)).toBe(true);
  expect(at).toEqual([...at].sort((a, b) => a - b));
});
