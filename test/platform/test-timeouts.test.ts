import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every timeout of the suites comes from one scale (test/support/timeouts.ts, docs/testing.md,
 * "Timeouts"), which TEST_TIMEOUT_SCALE multiplies for a slower machine. A figure written into a test
 * escapes both: it is often shorter than the scale (a 20 s poll, a 120 s hook where hooks get 180 s),
 * and a slow machine's CI then fails whatever the change (issue 43). A test's own ceiling is
 * `timeouts.<kind>`, or `ceiling(ms)` with a comment when it waits out more than the usual.
 */

/** What writes a timeout as a figure, and how a reader would recognise it. */
const figures: [RegExp, string][] = [
  // A multiple of the scale (5 * timeouts.browserTest) is on the scale.
  [
    /\b(timeout|testTimeout|hookTimeout|actionTimeout|navigationTimeout)\s*:\s*\d(?![\d_]*\s*\*)/,
    'a timeout option given as a figure ({ timeout: 20_000 })',
  ],
  [/^\s*\}\s*,\s*\d[\d_]*\s*\)\s*;?\s*$/, "a test's or hook's last argument as a figure (}, 120_000);)"],
  [/\.setTimeout\(\s*\d/, 'test.setTimeout with a figure'],
  [/\bwaitForTimeout\(/, 'a sleep in the browser (page.waitForTimeout)'],
];

async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the timeouts of the test suites', () => {
  it('when a test, a hook, a poll or a wait sets its own ceiling, then it is taken from the scale, never written as a figure', async () => {
    const files = [
      ...(await filesOf('test')),
      ...(await filesOf('e2e')),
      ...(await readdir('.')).filter((name) => /^(vitest|playwright)\..*config\.ts$/.test(name)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    // This file names the figures it looks for.
    for (const file of files.filter((name) => name !== join('test', 'platform', 'test-timeouts.test.ts'))) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const [pattern, what] of figures) {
          if (pattern.test(line)) offenders.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});
