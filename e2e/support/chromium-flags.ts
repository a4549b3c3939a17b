// STACK.md: Debian's Chromium with these flags and a fresh profile; no network beyond localhost.
// The browser tests and the browser benches (bench/chromium.ts) launch it the same way.
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
