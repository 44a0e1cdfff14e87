import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../server/app.js';
import type { TestApp } from '../test-app.js';

/** The parts of Vite's manifest the server reads (the entry, and whatever a test adds). */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

export type StandInWebBuild = {
  /** `dist/web`'s stand-in: the app is built with it as `webDistFolder`. */
  webDir: string;
  /** The app of `t`'s database, clock and config, serving this build. */
  app: App;
  close(): Promise<void>;
};

/**
 * A stand-in for `npm run build`'s output, for API tests of the pages the server draws: an
 * `index.html`, Vite's manifest and, if given, the server's entry (`dist/ssr/entry-server.js`, as
 * the source of an ES module exporting `renderFirstPage`), with an app serving it. The real entry is
 * drawn by web/entry-server.test.tsx and hydrated by the browser tests; these tests are about what
 * the server reads, sends and lets be kept.
 */
export async function standInWebBuild(
  t: TestApp,
  options: {
    entryServer?: string;
    /** `null`: no manifest, as a build older than the server's manifest reading. */
    manifest?: Manifest | null;
    indexHtml?: string;
    files?: Record<string, string | Buffer>;
  } = {},
): Promise<StandInWebBuild> {
  const folder = await mkdtemp(join(tmpdir(), 'pathway-web-build-'));
  const webDir = join(folder, 'web');
  await mkdir(join(webDir, '.vite'), { recursive: true });
  await writeFile(
    join(webDir, 'index.html'),
    options.indexHtml ??
      '<!doctype html><html lang="en"><head><title>Pathway</title></head><div id="root"></div></html>',
  );
  const manifest =
    options.manifest === undefined ? { 'index.html': { file: 'assets/index-e1.js', isEntry: true } } : options.manifest;
  if (manifest) await writeFile(join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [path, content] of Object.entries(options.files ?? {})) {
    await mkdir(join(webDir, path, '..'), { recursive: true });
    await writeFile(join(webDir, path), content);
  }
  if (options.entryServer !== undefined) {
    await mkdir(join(folder, 'ssr'));
    await writeFile(join(folder, 'ssr', 'entry-server.js'), options.entryServer);
  }
  const app = await buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock,
    logger: t.logger,
    tokens: t.tokens,
    webDistFolder: webDir,
  });
  return {
    webDir,
    app,
    async close() {
      await app.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
