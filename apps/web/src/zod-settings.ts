import type { $ZodConfig } from 'zod/v4/core';
import { plainZodMessage } from '@courier/domain/common/plain-messages';

// Zod's settings for the whole web app, set before any zod loads. Zod reads them from
// globalThis.__zod_globalConfig, one object every copy of zod shares (zod PR #5889), so they are set
// there without importing zod: zod stays out of the start-up chunk (issue 10), and whichever chunk
// loads it later uses them. The domain's schemas import zod themselves, so a web wrapper around zod
// could not run first. Imported first in main.tsx; zod-settings.test.ts proves the installed zod
// honours both.
//
// - jitless: the server's Content-Security-Policy forbids eval. Zod 4 probes for it (new Function)
//   when it builds an object schema, to compile fast parsers, and the probe shows up as a CSP
//   violation; in jitless mode it never probes.
// - customError: a form checked with a domain schema that gives no message of its own shows the same
//   words the server sends for it ('Must be at least 0.'), not zod's ('Too small: expected number to
//   be >=0').
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
const settings = (zodGlobal.__zod_globalConfig ??= {});
settings.jitless = true;
settings.customError = plainZodMessage;
