// After `vite build`: brotli and gzip copies of the text assets, so the server sends them
// compressed without compressing on every request (@fastify/static `preCompressed`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const compressible = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

const files = (await readdir(root, { recursive: true })).filter((name) => compressible.test(name));
let saved = 0;
for (const name of files) {
  const path = join(root, name);
  const content = await readFile(path);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(`${path}.br`, brotli);
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
  saved += content.length - brotli.length;
}
console.log(`precompressed ${files.length} files in ${root} (brotli saves ${Math.round(saved / 1024)} KB)`);
