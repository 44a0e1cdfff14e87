import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The specs drive the built app (each worker starts its own: `e2e/worker-app.ts`), so it must be built. */
export default function globalSetup() {
  const built = [join('dist', 'server', 'main.js'), join('dist', 'web', 'index.html')];
  if (built.some((file) => !existsSync(join(process.cwd(), file)))) {
    throw new Error('Build the app first: npm run build');
  }
}
