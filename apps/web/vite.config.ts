import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The app's own modules (apps/web/src, packages/domain/src), not a library's. */
const APP_CODE = /^(?!.*[\\/]node_modules[\\/]).*[\\/](apps[\\/]web|packages[\\/]domain)[\\/]src[\\/]/;
/**
 * The map widgets import Leaflet (145 KB): kept out of app-shared, so they and Leaflet load only with
 * the screens that draw a map, not with every list (Lighthouse TBT on /companies/list, issue 10).
 */
const SHARED_APP_CODE =
  /^(?!.*[\\/]node_modules[\\/])(?!.*[\\/]ui[\\/](map-view|zones-map-view)\.tsx$).*[\\/](apps[\\/]web|packages[\\/]domain)[\\/]src[\\/]/;

/**
 * The booking list's code (and the virtual list under it) that the booking, company and review screens
 * share. Not the pricing screens' components (tariff form, zones map): with them this chunk imported
 * app-shared, which the booking list's first row does without (BOOKING_LIST_DEPS).
 */
const BOOKINGS_SHARED =
  /[\\/](apps[\\/]web[\\/]src[\\/]features[\\/]bookings[\\/]|node_modules[\\/]@tanstack[\\/](react-)?virtual)/;

/**
 * What the shell and the company list (the start page of most staff) draw with: the Mantine
 * components, hooks and app modules they import, named here; the build adds what those import. In a
 * chunk of their own, so a cold start of a list downloads ~47 KB (gzip) of shared code instead of the
 * ~131 KB of app-shared, most of it (zod, the forms' inputs, floating-ui) never run by a list
 * (issue 10, Lighthouse on /companies/list). A component the shell or the list starts to use and is
 * not named here brings app-shared back into their cold start: e2e/tests/cold-start.test.ts says so.
 */
const LIST_CORE = new RegExp(
  [
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](${[
      'Accordion',
      'AppShell',
      'Avatar',
      'Badge',
      'Box',
      'Burger',
      'Button',
      'Center',
      'CloseButton',
      'Collapse',
      'FocusTrap',
      'Group',
      'Input',
      'Loader',
      'Modal',
      'ModalBase',
      'NavLink',
      'Overlay',
      'Pagination',
      'Paper',
      'Portal',
      'ScrollArea',
      'Stack',
      'Switch',
      'Table',
      'Tabs',
      'Text',
      'TextInput',
      'Title',
      'Transition',
      'UnstyledButton',
      'VisuallyHidden',
    ].join('|')})[\\/]`,
    String.raw`[\\/]@mantine[\\/]hooks[\\/]`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/](ui[\\/](list-states|pagination|format|enable-notifications|toast|browser-notifications|dialog)|api[\\/](company|auth)|routing[\\/]shown-at-once|features[\\/]companies[\\/](components[\\/]billing-basis-tag|company-list-search))\.tsx?$`,
    String.raw`[\\/]packages[\\/]domain[\\/]src[\\/]companies[\\/](limits|billing)\.ts$`,
  ].join('|'),
);

/**
 * What the booking list's first row needs from modules other screens share too (domain rules, two API
 * modules, the file saver): a small chunk of their own, so the list does not download app-shared (zod,
 * the forms' inputs, ~87 KB gzip) before its first row: Lighthouse mobile on /bookings/list 85 -> 89,
 * LCP 3.64 -> 3.14 s side by side (issue 10). A module the list starts to import from app-shared brings
 * it back into that cold start: e2e/tests/cold-start.test.ts says so.
 */
const BOOKING_LIST_DEPS =
  /[\\/](packages[\\/]domain[\\/]src[\\/](bookings[\\/](labels|margins|filter-labels)|pricing[\\/](pending-changes|tariff-services|price-edits|limits))|apps[\\/]web[\\/]src[\\/](api[\\/](price-updates|price-review)|ui[\\/]save-file))\.tsx?$/;

/** The UI libraries lazy screens share besides the app's own code; Leaflet stays with the maps. */
const SHARED_UI_LIBRARIES = /[\\/]node_modules[\\/](@mantine|@tanstack)[\\/]/;

/** The shell's module: every page but /login opens inside it. */
const SHELL_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]shell[\\/]app-shell\.tsx$/;

/**
 * Writes dist/app.html beside index.html: the same page, plus modulepreload links for the shell's chunk
 * and the chunks it imports. The server sends it for every page inside the shell (all but /login), so
 * those chunks download alongside the start-up chunk instead of after it has run (~0.5 s at 4x CPU):
 * Lighthouse's LCP on /companies/list -0.2 s (issue 10). /login gets index.html, without them.
 */
function shellPreloadPage(): Plugin {
  return {
    name: 'courier:shell-preload-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        this.error('shell-preload-page: the build wrote no index.html to copy into app.html');
      }
      const html = index.source;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const shell = chunks.find((chunk) => chunk.facadeModuleId && SHELL_MODULE.test(chunk.facadeModuleId));
      if (!shell) this.error('shell-preload-page: no chunk holds src/shell/app-shell.tsx');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const wanted: string[] = [];
      const visit = (fileName: string) => {
        if (wanted.includes(fileName) || html.includes(`/${fileName}"`)) return;
        wanted.push(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(shell.fileName);
      const links = wanted
        .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">\n    `)
        .join('');
      const at = html.indexOf('<link rel="stylesheet"');
      if (at < 0) this.error('shell-preload-page: index.html has no stylesheet link to put the preloads before');
      this.emitFile({ type: 'asset', fileName: 'app.html', source: html.slice(0, at) + links + html.slice(at) });
    },
  };
}

export default defineConfig({
  plugins: [react(), shellPreloadPage()],
  // `@/api/company.ts` is `src/api/company.ts` (tsconfig.json `paths` says the same to TypeScript).
  resolve: { alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` }] },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A chunk's modules run when a screen first imports them, not all as the chunk loads: app-shared
        // holds every module two screens share (zod and the forms' schemas among them), and the company
        // and booking lists no longer run the ones they never use before their first row (decision 015).
        strictExecutionOrder: true,
        // A cold start of a screen should be a handful of requests, not the 25-odd small chunks that
        // automatic splitting makes (one per Mantine component two screens share). The libraries in
        // one chunk (index.html preloads it), the app code several screens share in one, each screen
        // its own. Leaflet stays with the screens that draw a map. See docs/decisions/ (cold start).
        codeSplitting: {
          groups: [
            { name: 'app', test: APP_CODE, tags: ['$initial'], priority: 2 },
            // The shell's and the company list's shared code, apart from app-shared (LIST_CORE above).
            {
              name: 'list-core',
              test: LIST_CORE,
              minShareCount: 2,
              priority: 1.8,
            },
            // The booking list and the virtual table, shared by the booking, company and review screens: a
            // chunk of their own, so the company list does not download and parse them (Lighthouse on
            // /companies/list, issue 10). Not its dependencies: those the list's first row needs are in
            // booking-list-deps; the slide-in, the filter form and price editing's inputs load on demand
            // (features/bookings/booking-list.tsx) with app-shared.
            {
              name: 'bookings-shared',
              test: BOOKINGS_SHARED,
              minShareCount: 2,
              priority: 1.5,
              includeDependenciesRecursively: false,
            },
            { name: 'booking-list-deps', test: BOOKING_LIST_DEPS, minShareCount: 2, priority: 1.4 },
            // Library code only lazy screens share (a Mantine component, a router hook) joins them here
            // rather than becoming a request of a few hundred bytes of its own before a screen's first row.
            {
              name: 'app-shared',
              test: (id: string) => SHARED_APP_CODE.test(id) || SHARED_UI_LIBRARIES.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
