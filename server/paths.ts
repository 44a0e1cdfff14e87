import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The same code runs from `server/` (tsx, vitest) and from `dist/server/` (built),
// so files outside the compiled tree are found from the project root.
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = join(projectRoot, 'server', 'db', 'migrations');
export const webDistFolder = join(projectRoot, 'dist', 'web');
