import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from './errors.js';
import { opensAsPage } from './security-headers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built front end, and answers every other GET that accepts HTML with its
 * index.html, so the browser's router handles the path. Anything else unknown is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistFolder: string): Promise<void> {
  const hasWebBuild = existsSync(join(webDistFolder, 'index.html'));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistFolder,
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz copies next to the assets.
      preCompressed: true,
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebBuild && (request.method === 'GET' || request.method === 'HEAD') && opensAsPage(request.headers.accept)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });
}
