import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The fourth review found staff documents opening in a tab without `noopener` (issue 35): the new
 * tab held `window.opener`, a handle on the staff page that opened it. Every new tab or window the
 * front end opens gives up that handle, except the ones named below with why they need it. The
 * staff document's tab is checked in a real browser too (e2e/cases-documents.spec.ts).
 */

/** Windows that keep their opener, and why. */
const keepsOpener: Record<string, string> = {
  'web/network/oidc-popup.ts':
    'the sign-in popup reports back to its opener by postMessage, read only from our own origin',
};

async function sourcesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('new tabs and windows of the front end', () => {
  it('when a link opens a new tab, then it says rel="noopener"', async () => {
    const offenders: string[] = [];
    for (const file of await sourcesOf('web')) {
      const text = await readFile(file, 'utf8');
      // Each element (a JSX tag) that opens a new tab.
      for (const match of text.matchAll(/<[a-zA-Z][^<>]*target=["{']_blank[^<>]*>/g)) {
        if (!/rel=["'][^"']*\bnoopener\b/.test(match[0])) offenders.push(`${file}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('when script opens a window, then it gives up its opener at once, unless it is named with its reason', async () => {
    const offenders: string[] = [];
    for (const file of await sourcesOf('web')) {
      if (keepsOpener[file]) continue;
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*window\.open\(([^)]*)\);?((?:[^\n]*\n){0,5})/g)) {
        const [, name, args, after] = match;
        const severed = /noopener/.test(args ?? '') || new RegExp(`${name}\\)?\\.opener = null`).test(after ?? '');
        if (!severed) offenders.push(`${file}: ${match[0].split('\n')[0]}`);
      }
      const calls = text.match(/window\.open\(/g)?.length ?? 0;
      const assigned = [...text.matchAll(/=\s*window\.open\(/g)].length;
      if (calls !== assigned) offenders.push(`${file}: a window.open whose window is not kept to give up its opener`);
    }
    expect(offenders).toEqual([]);
  });
});
