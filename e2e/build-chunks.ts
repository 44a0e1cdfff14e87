import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What is read here of Vite's build manifest: each chunk's file, its source (an entry) and its name. */
type ManifestChunk = { file: string; src?: string; name?: string };

/**
 * What the browser downloaded, named as the source knows it. The build names its files by their hash
 * alone (vite.config.ts), so a test that asks which code a page loaded maps each script's address back
 * through the build's manifest: a page or route module by its source (`cases/tracker-page.tsx`), a
 * shared chunk by its name (`admin-translation-fields`). An address the manifest does not know is
 * returned as it is, so it can never pass for a known chunk unnoticed.
 */
export function chunkNamesOf(scriptPaths: readonly string[]): string[] {
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), 'dist', 'web', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const byFile = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk.src ?? chunk.name]));
  return scriptPaths.map((path) => byFile.get(path) ?? path);
}
