import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicConfig } from '../../contracts/platform.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { areaPages, type ViteManifest } from './area-pages.js';
import { AppError } from './errors.js';
import { loadFirstPages, type FirstPageRequest, type WebPage } from './first-pages.js';
import { sendPage } from './compression.js';
import { opensAsPage } from './security-headers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite's manifest of the build's chunks, if the build wrote one. */
async function readManifest(webDistFolder: string): Promise<ViteManifest | undefined> {
  const path = join(webDistFolder, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as ViteManifest) : undefined;
}

/** The built front end's pages, read once before the areas' routes, which may answer with them. */
export type WebPages = {
  /** Whether a front end was built (the API tests and an API-only server have none). */
  built: boolean;
  /**
   * The page of an address: index.html naming the address's chunks, drawn on the server when the
   * address is a first page (in the language of the request's cookie or Accept-Language), with
   * `extra` answers it is drawn with.
   */
  page(
    request: FastifyRequest,
    pathname: string,
    extra?: Pick<FirstPageRequest, 'trackerLookup' | 'signInWithoutScript' | 'networkFeed'>,
  ): Promise<WebPage>;
};

// Without a built front end, a route that answers with a page sends this empty one.
/**
 * The sign-in pages, whose forms the browser sends itself (a POST to the page's own address) when
 * the page's JavaScript never runs. Signing in is the API's (JSON, then tokens or a session kept by
 * the JavaScript), so such a POST is answered with the page saying JavaScript is needed, in the
 * visitor's language as "page not found" is (web/ui/form.tsx). The body,
 * the password in it, is never read, and so never logged; a POST keeps it out of the address.
 */
const SIGN_IN_PAGES = ['/', '/caseadmin/login', '/lms-system/login'];
const isSignInPage = (pathname: string) =>
  SIGN_IN_PAGES.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname);

const NO_WEB_APP =
  '<!doctype html><html lang="en"><head><title>Pathway</title></head><body><div id="root"></div></body></html>';

/** Reads the build's index.html, Vite's manifest and the server's entry (decision 032). */
export async function loadWebPages(
  webDistFolder: string,
  options: { publicConfig: PublicConfig },
  log: FastifyBaseLogger,
): Promise<WebPages> {
  const indexPath = join(webDistFolder, 'index.html');
  const manifest = existsSync(indexPath) ? await readManifest(webDistFolder) : undefined;
  const pageFor = existsSync(indexPath) ? areaPages(await readFile(indexPath, 'utf8'), manifest) : undefined;
  // The server's entry is built beside the front end (`vite build --ssr`, into dist/ssr).
  const renderFirstPage = await loadFirstPages(
    join(webDistFolder, '..', 'ssr', 'entry-server.js'),
    webDistFolder,
    manifest,
    log,
  );
  return {
    built: pageFor !== undefined,
    async page(request, pathname, extra) {
      if (!pageFor) return { html: NO_WEB_APP, status: 200 };
      const page = pageFor(pathname);
      const rendered = await renderFirstPage?.(
        {
          pathname,
          search: request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '',
          cookie: request.headers.cookie,
          acceptLanguage: request.headers['accept-language'],
          publicConfig: options.publicConfig,
          ...extra,
        },
        page,
      );
      return rendered ?? { html: page, status: 200 };
    },
  };
}

/**
 * Serves the built front end, and answers every other GET that accepts HTML with its
 * index.html (naming the address's area chunks, see area-pages.ts), so the browser's router
 * handles the path. Anything else unknown is a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistFolder: string,
  pages: WebPages,
  options: { sourceMaps: boolean },
): Promise<void> {
  if (pages.built) {
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
    const pathname = request.url.split('?')[0] ?? '/';
    // The API's unknown paths are JSON whatever the client accepts: a browser tab opened on one included.
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (
      pages.built &&
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      opensAsPage(request.headers.accept)
    ) {
      const page = await pages.page(request, pathname);
      reply
        // "Page not found" drawn on the server answers 404; an address the browser draws, 200.
        .status(page.status)
        .header('Cache-Control', 'no-cache')
        // A first page's language follows the language cookie, else Accept-Language.
        .header('Vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8');
      // Compressed when the browser accepts it (decision 049).
      return sendPage(request, reply, page.html);
    }
    if (pages.built && request.method === 'POST' && isSignInPage(pathname) && opensAsPage(request.headers.accept)) {
      const page = await pages.page(request, pathname, { signInWithoutScript: true });
      reply
        // Not signed in: the form was not acted on.
        .status(400)
        .header('Cache-Control', 'no-store')
        // Why nothing happened is said in the visitor's language (the language cookie, else Accept-Language).
        .header('Vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8');
      return sendPage(request, reply, page.html);
    }
    throw new AppError(404, `Route ${request.method} ${pathname} not found`);
  });
}
