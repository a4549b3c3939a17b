import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './support.ts';

export const INITIAL_BUNDLE_BUDGET_KB = 250;

/** The local JS and CSS that index.html makes the browser load at once: scripts, stylesheets, module preloads. */
function initialAssets(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag);
    const rel = attribute('rel')?.toLowerCase();
    const url = isScript
      ? attribute('src')
      : rel === 'stylesheet' || rel === 'modulepreload'
        ? attribute('href')
        : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//')) urls.add(url.split(/[?#]/)[0] ?? url);
  }
  return [...urls];
}

export function benchWebBundle(distDir: string): BenchResult[] {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    return [
      {
        bench: 'web bundle',
        case: 'initial JS + CSS (gzip)',
        summary: 'no build',
        metrics: {},
        ok: false,
        note: `${indexPath} is missing`,
      },
    ];
  }
  const files = initialAssets(readFileSync(indexPath, 'utf8'));
  let total = 0;
  const perFile: Record<string, number> = {};
  for (const url of files) {
    const file = path.join(distDir, url.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    // The .gz written by compress-assets is what the server sends; small files have none.
    const size = existsSync(`${file}.gz`)
      ? readFileSync(`${file}.gz`).length
      : gzipSync(readFileSync(file), { level: 9 }).length;
    perFile[url] = size;
    total += size;
  }
  const kb = total / 1024;
  const ok = kb <= INITIAL_BUNDLE_BUDGET_KB;
  return [
    {
      bench: 'web bundle',
      case: `initial JS + CSS (gzip, ${Object.keys(perFile).length} files)`,
      summary: `${kb.toFixed(1)} KB of ${INITIAL_BUNDLE_BUDGET_KB} KB budget: ${ok ? 'PASS' : 'FAIL'}`,
      metrics: { gzipKb: Number(kb.toFixed(1)), budgetKb: INITIAL_BUNDLE_BUDGET_KB, pass: ok, ...perFile },
      ok,
    },
  ];
}
