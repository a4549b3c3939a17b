import { afterEach, expect, it, vi } from 'vitest';

// main.tsx sets zod's jitless mode before zod is loaded, through the settings object zod shares on
// globalThis. A zod that stopped reading it would probe for eval again, a CSP violation in the browser.

const zodGlobal = globalThis as { __zod_globalConfig?: unknown; Function: FunctionConstructor };
const realFunction = globalThis.Function;

afterEach(() => {
  zodGlobal.Function = realFunction;
  vi.resetModules();
});

it('zod loaded after zod-settings.ts builds and parses object schemas without ever calling Function', async () => {
  vi.resetModules();
  delete zodGlobal.__zod_globalConfig;
  await import('./zod-settings.ts');
  const evals = vi.fn();
  zodGlobal.Function = new Proxy(realFunction, {
    construct: (target, args: string[]) => {
      evals(args);
      return Reflect.construct(target, args) as object;
    },
    apply: (target, self, args: string[]) => {
      evals(args);
      return Reflect.apply(target, self, args) as unknown;
    },
  });

  const { z } = await import('zod');
  const schema = z.object({ id: z.number(), name: z.string(), tags: z.array(z.object({ tag: z.string() })) });
  for (let run = 0; run < 3; run += 1) expect(schema.parse({ id: 1, name: 'a', tags: [{ tag: 'b' }] }).id).toBe(1);

  expect(z.config().jitless).toBe(true);
  expect(evals).not.toHaveBeenCalled();
});

it('without it, the same zod would call Function (so the test above can fail)', async () => {
  vi.resetModules();
  delete zodGlobal.__zod_globalConfig;
  const evals = vi.fn();
  zodGlobal.Function = new Proxy(realFunction, {
    construct: (target, args: string[]) => {
      evals(args);
      return Reflect.construct(target, args) as object;
    },
  });

  const { z } = await import('zod');
  const schema = z.object({ id: z.number() });
  schema.parse({ id: 1 });

  expect(evals).toHaveBeenCalled();
});

it("zod loaded after zod-settings.ts words a schema's limits as the server does, and keeps a schema's own message", async () => {
  vi.resetModules();
  delete zodGlobal.__zod_globalConfig;
  await import('./zod-settings.ts');
  const { z } = await import('zod');

  expect(z.number().min(0).safeParse(-1).error?.issues[0]?.message).toBe('Must be at least 0.');
  expect(z.string().max(100).safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe(
    'Must have at most 100 characters.',
  );
  expect(z.number().min(0, 'Enter 0 or more.').safeParse(-1).error?.issues[0]?.message).toBe('Enter 0 or more.');
});
