import { webAreaOf, type WebArea } from '../../contracts/web-areas.js';
import { HEAD_SCRIPT } from './head-script.js';

/** The head's first script sets dark mode before anything paints and holds taps until hydration (see head-script.ts). */
const withHeadScript = (html: string) => html.replace('<head>', () => `<head><script>${HEAD_SCRIPT}</script>`);

/** What is read here of Vite's build manifest (`build.manifest`): each chunk's file and static imports. */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type ViteManifest = Record<string, ManifestChunk>;

// Each area's route table, as the manifest names its source (relative to Vite's root, `web/`).
const areaRouteModules: Record<WebArea, string> = {
  cases: 'cases/routes.tsx',
  caseadmin: 'cases/admin-routes.tsx',
  lms: 'lms/routes.tsx',
  network: 'network/routes.tsx',
};

/** A chunk and every chunk it imports statically, as manifest keys. */
export function withStaticImports(manifest: ViteManifest, key: string, found = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || found.has(key)) return found;
  found.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, found);
  return found;
}

/**
 * The page the server sends for an address of the web app: index.html, naming the address's area
 * route table (and the chunks it imports) as module preloads. The browser then downloads them
 * beside the entry instead of once the entry has run and asked for them: one round trip fewer
 * before the first page draws. Without a manifest (an older build) the page is index.html as built.
 */
export function areaPages(indexHtml: string, manifest: ViteManifest | undefined): (pathname: string) => string {
  if (!manifest) return () => withHeadScript(indexHtml);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  // index.html already preloads the entry and what it imports.
  const inIndex = entry ? withStaticImports(manifest, entry) : new Set<string>();
  const pages = new Map<WebArea, string>();
  for (const [area, source] of Object.entries(areaRouteModules) as [WebArea, string][]) {
    const links = [...withStaticImports(manifest, source)]
      .filter((key) => !inIndex.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`);
    pages.set(
      area,
      withHeadScript(indexHtml).replace('</head>', () => `${links.join('')}</head>`),
    );
  }
  return (pathname) => pages.get(webAreaOf(pathname)) ?? withHeadScript(indexHtml);
}
