import type { $ZodConfig } from 'zod/v4/core';

// The server's Content-Security-Policy forbids eval. Zod 4 probes for it (new Function) when it builds
// an object schema, to compile fast parsers, and the probe shows up as a CSP violation; in jitless mode
// it never probes. Zod reads its settings from globalThis.__zod_globalConfig, one object every copy of
// zod shares (zod PR #5889), so jitless is set there without importing zod: zod stays out of the
// start-up chunk (issue 10), and whichever chunk loads it later, its schemas are built jitless. The
// domain's schemas import zod themselves, so a web wrapper around zod could not run first. Imported
// first in main.tsx; zod-jitless.test.ts proves the installed zod honours it.
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
