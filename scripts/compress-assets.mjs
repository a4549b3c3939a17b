// After `vite build`: writes .br and .gz beside every text asset over 1 KB, so @fastify/static
// (preCompressed: true) sends them without compressing on each request.
// Usage: node scripts/compress-assets.mjs <dir>
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json']);
const MIN_BYTES = 1024;

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: node scripts/compress-assets.mjs <dir>');
  process.exit(2);
}

function* filesUnder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for (const file of filesUnder(path.resolve(dir))) {
  if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size <= MIN_BYTES) continue;
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
  before += content.length;
  afterBrotli += brotli.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compress-assets: ${count} files in ${dir}, ${kb(before)} -> ${kb(afterBrotli)} brotli (.br and .gz written)`,
);
