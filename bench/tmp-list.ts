import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of process.argv.slice(2)) {
  const tab = await (await browser.newContext()).newPage();
  const rows: Promise<[string, number]>[] = [];
  tab.on('response', (r) => { if (r.request().resourceType() === 'script') rows.push(r.body().then((b) => [r.url().split('/').pop()!, gzipSync(b, { level: 9 }).length])); });
  await tab.goto('http://127.0.0.1:3917' + path, { waitUntil: 'networkidle' });
  const all = await Promise.all(rows);
  console.log(path, Math.round(all.reduce((s, [, n]) => s + n, 0) / 102.4) / 10, all.map(([n, s]) => `${n}:${(s / 1024).toFixed(1)}`).join(' '));
}
await browser.close();
