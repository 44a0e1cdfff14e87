import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { TrackerFormLookup } from '../../contracts/cases.js';
import type { FeedFirstPage } from '../../contracts/network.js';
import type { PublicConfig } from '../../contracts/platform.js';
import { withStaticImports, type ViteManifest } from './area-pages.js';

/** What web/entry-server.tsx is asked and answers (its own types stay on the web's side of the build). */
export type FirstPageRequest = {
  pathname: string;
  /** The address's query (`?mode=signin`, `?case=…`), which pages read as the browser's router will. */
  search?: string;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  publicConfig: PublicConfig;
  /** A tracker lookup submitted as a plain form (POST /casetracking): the page is drawn with its result. */
  trackerLookup?: TrackerFormLookup;
  /** A sign-in form sent by the browser itself, without JavaScript: the page says signing in needs it. */
  signInWithoutScript?: true;
  /** The signed-in member's feed (GET /Home with a session): the page is drawn with its first posts. */
  networkFeed?: FeedFirstPage;
};
type RenderedPage = {
  html: string;
  status: 200 | 404;
  title: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  applicantLanguage?: string;
  modules: string[];
  data: unknown;
};
type ServerEntry = { renderFirstPage: (request: FirstPageRequest) => Promise<RenderedPage | undefined> };

/** A page the server sends, and its status: 404 for "page not found". */
export type WebPage = { html: string; status: 200 | 404 };

/** Renders a first page into the page the server sends, or answers undefined (the browser draws it). */
export type FirstPageRenderer = (request: FirstPageRequest, page: string) => Promise<WebPage | undefined>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The first pages rendered on the server (decision 032): the built server entry
 * (`dist/ssr/entry-server.js`, from the same components as the browser's) draws the page's `#root`,
 * and this puts it into the area's index.html with the language and direction on `<html>`, the
 * route's title, and the styles and code of the page's own chunks (from Vite's manifest), so it
 * paints styled before any script has run and hydrates without waiting for a chunk after another.
 * Without the server entry (a build without it) every page stays the empty index.html.
 */
export async function loadFirstPages(
  ssrEntry: string,
  webDistFolder: string,
  manifest: ViteManifest | undefined,
  log: FastifyBaseLogger,
): Promise<FirstPageRenderer | undefined> {
  if (!existsSync(ssrEntry) || !manifest) return undefined;
  const entry = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inIndex = entryKey ? withStaticImports(manifest, entryKey) : new Set<string>();
  const cssOf = new Map<string, string>();
  /** A built stylesheet's text, safe inside `<style>`: no `</style` in it can end the element. */
  const cssText = (file: string) => {
    let text = cssOf.get(file);
    if (text === undefined) {
      text = readFileSync(join(webDistFolder, file), 'utf8').replace(/<\//g, '<\\/');
      cssOf.set(file, text);
    }
    return text;
  };
  const headOf = new Map<string, string>();
  /**
   * A first page's head (decision 032, "What holds the first paint"): nothing on the path of its
   * first paint but the HTML itself.
   * - Its stylesheets (index.html's, then its own chunks', in that order, so the cascade stays as
   *   built) inlined in one `<style>`: a stylesheet link blocks the paint for a round trip. Each is
   *   still named by a disabled link, which the browser does not fetch: Vite's loader skips a
   *   lazily loaded chunk's stylesheet that a link already names, instead of loading it again.
   * - Its code (the entry, and every chunk it and the page's own chunks import, downloaded side by
   *   side) listed in `#page-code`, which the head script asks for once the page has painted
   *   (head-script.ts): fetched beside the first paint, it shares a slow line with it.
   */
  const headFor = (styles: string[], code: string[], modules: string[]) => {
    const key = `${styles.join(' ')}|${code.join(' ')}|${modules.join(' ')}`;
    let head = headOf.get(key);
    if (head === undefined) {
      const chunks = new Set<string>();
      for (const module of modules) withStaticImports(manifest, module, chunks);
      const allStyles = new Set(styles);
      const allCode = new Set(code);
      for (const chunk of chunks) {
        for (const css of manifest[chunk]?.css ?? []) allStyles.add(css);
        const file = manifest[chunk]?.file;
        if (file && !inIndex.has(chunk)) allCode.add(file);
      }
      head =
        `<style>${[...allStyles].map(cssText).join('')}</style>` +
        [...allStyles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`).join('') +
        `<script type="application/json" id="page-code">${JSON.stringify([...allCode].map((file) => `/${file}`))}</script>`;
      headOf.set(key, head);
    }
    return head;
  };

  return async (request, page) => {
    let rendered: RenderedPage | undefined;
    try {
      rendered = await entry.renderFirstPage(request);
    } catch (error) {
      // The browser still draws the page from the empty index.html: a slower first paint, not an outage.
      log.error({ err: error, path: request.pathname }, 'a first page could not be rendered on the server');
      return undefined;
    }
    if (!rendered) return undefined;
    const language = rendered.applicantLanguage
      ? ` data-applicant-language="${escapeHtml(rendered.applicantLanguage)}"`
      : '';
    // The page's stylesheets and code as index.html (and area-pages.ts) name them, taken out of the head.
    const styles: string[] = [];
    const code: string[] = [];
    const html = page
      .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_, file: string) => {
        styles.push(file);
        return '';
      })
      .replace(
        /<script type="module" crossorigin src="\/([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="\/([^"]+)">/g,
        (_, entryFile: string | undefined, preload: string | undefined) => {
          // The entry first: the head script asks for the files in this order.
          if (entryFile) code.unshift(entryFile);
          else if (preload) code.push(preload);
          return '';
        },
      )
      // Every replacement below is a function: a string replacement reads `$&`, `$'`, `` $` `` and `$$` in
      // it as patterns, and a post, a name or a step written with them would paste pieces of this
      // page into itself (the data's JSON then fails to parse, and the page never starts).
      .replace(/<html lang="en">/, () => `<html lang="${escapeHtml(rendered.lang)}" dir="${rendered.dir}"${language}>`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
      .replace('</head>', () => `${headFor(styles, code, rendered.modules)}</head>`)
      .replace(
        '<div id="root"></div>',
        // The answers the page was drawn with, for the browser's query cache (web/main.tsx): JSON, not a
        // script; `<` written as \u003c so no text in it can end the element.
        () =>
          `<div id="root">${rendered.html}</div><script type="application/json" id="first-page-data">${JSON.stringify(rendered.data).replace(/</g, '\\u003c')}</script>`,
      );
    return { html, status: rendered.status === 404 ? 404 : 200 };
  };
}
