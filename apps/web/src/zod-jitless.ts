import { config } from 'zod';

// The server's Content-Security-Policy forbids eval. Zod 4 probes for it (new Function) to compile
// fast object parsers, and the probe shows up as a CSP violation; jitless mode never probes. Imported
// first in main.tsx, so it runs before any schema is created.
config({ jitless: true });
