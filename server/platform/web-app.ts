import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { areaPages, type ViteManifest } from './area-pages.js';
import { AppError } from './errors.js';
import { opensAsPage } from './security-headers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite's manifest of the build's chunks, if the build wrote one. */
async function readManifest(webDistFolder: string): Promise<ViteManifest | undefined> {
  const path = join(webDistFolder, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as ViteManifest) : undefined;
}

/**
 * Serves the built front end, and answers every other GET that accepts HTML with its
 * index.html (naming the address's area chunks, see area-pages.ts), so the browser's router
 * handles the path. Anything else unknown is a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistFolder: string,
  options: { sourceMaps: boolean },
): Promise<void> {
  const indexPath = join(webDistFolder, 'index.html');
  const pageFor = existsSync(indexPath)
    ? areaPages(await readFile(indexPath, 'utf8'), await readManifest(webDistFolder))
    : undefined;
  if (pageFor) {
    await app.register(fastifyStatic, {
      root: webDistFolder,
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz copies next to the assets.
      preCompressed: true,
      // Source maps (the front end's source, comments and all) only where SOURCE_MAPS allows: off by
      // default in production. A refused one is answered as any unknown path.
      allowedPath: (pathName) => options.sourceMaps || !pathName.toLowerCase().endsWith('.map'),
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (pageFor && (request.method === 'GET' || request.method === 'HEAD') && opensAsPage(request.headers.accept)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageFor(request.url.split('?')[0] ?? '/'));
    }
    throw new AppError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });
}
