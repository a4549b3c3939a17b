import { sessionStore } from './session/session-store.ts';

// Imported right after zod-settings in main.tsx, so it runs before the start-up chunk's other modules.
// Someone signed in opens every screen inside the shell: its chunk, and the screens' shared chunk it
// imports, are asked for now, while those modules run (about 250 ms at 4x CPU), instead of when the
// router first loads the route at the end of them (issue 10, first row of a cold start). The router's
// own import of the shell then finds it loaded; if this one fails, that one tries again and says so.
if (sessionStore.get().isLoggedIn) import('./shell/app-shell.tsx').catch(() => undefined);
