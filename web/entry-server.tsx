import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter, type RouteObject } from './lib/routing.js';
import {
  acceptedLanguage,
  cookieLanguage,
  directionOf,
  type ApplicantLanguageCode,
} from '../contracts/applicant-language-constants.js';
import { SESSION_COOKIE } from '../contracts/network-constants.js';
import type { TrackerFormLookup } from '../contracts/cases.js';
import type { FeedFirstPage } from '../contracts/network.js';
import type { PublicConfig } from '../contracts/platform.js';
import { webAreaOf, type WebArea } from '../contracts/web-areas.js';
import { AppRoot } from './app-root.js';
import { loadCatalogue, type ApplicantKey } from './cases/applicant-words.js';
import { caseAdminRoutes } from './cases/admin-routes.js';
import { casesRoutes } from './cases/routes.js';
import { formLookupKey } from './cases/tracker-api.js';
import { sentWithoutScriptKey, signInNeedsJavaScript, type SentWithoutScript } from './ui/form.js';
import { notFoundWords } from './layouts/not-found-words.js';
import { deepestTitled, documentTitle, type RouteHandle } from './layouts/route-handle.js';
import { resolveUnknownPath } from './layouts/unknown-path.js';
import { drawnAtKey } from './lib/drawn-at.js';
import { publicConfigQuery } from './lib/public-config.js';
import { VisitorLanguageContext } from './lib/visitor-language.js';
import { lmsRoutes } from './lms/routes.js';
import { feedQuery, meQuery } from './network/api.js';
import { networkRoutes } from './network/routes.js';
import { CurrentArea, unknownPath } from './router.js';

/**
 * The server's entry (built by `vite build --ssr`, loaded by server/platform/first-pages.ts): the
 * first pages a visitor opens, rendered to HTML by the very components the browser then hydrates
 * (decision 032). Only these; every other address keeps the empty index.html the browser draws.
 */

const routeTables: Record<WebArea, RouteObject[]> = {
  cases: casesRoutes,
  caseadmin: caseAdminRoutes,
  lms: lmsRoutes,
  network: networkRoutes,
};

/**
 * The pages rendered on the server, by path (the router matches without letter case), with the
 * modules their first screen is drawn by (as Vite's manifest names them): the server links their
 * styles and preloads their code in the page, so it paints styled and hydrates without a waterfall.
 */
type FirstPageKind = {
  modules: string[];
  /** In the visitor's language; `words`: drawn with the applicant catalogue of that language (web/cases/locales). */
  applicant?: 'words' | true;
};
const firstPages: Record<string, FirstPageKind> = {
  '/casetracking': { modules: ['cases/applicant-shell.tsx', 'cases/tracker-page.tsx'], applicant: 'words' },
  '/caseadmin/login': { modules: ['cases/admin-account-shell.tsx', 'cases/admin-login-page.tsx'] },
  '/lms-system/login': { modules: ['lms/learner-shell.tsx', 'lms/login-page.tsx'] },
  '/': { modules: ['network/sign-in-page.tsx'] },
};
// The signed-in feed, drawn only with its member's first posts (GET /Home, server/network/feed-page-routes.ts).
const feedPage: FirstPageKind = { modules: ['network/network-shell.tsx', 'network/home-page.tsx'] };
// In the visitor's language, chosen as the tracker's is (without the tracker's i18next, see not-found-words.ts).
const notFoundPage: FirstPageKind = { modules: ['layouts/unknown-path-page.tsx'], applicant: true };

export type FirstPageRequest = {
  pathname: string;
  /** The address's query (`?mode=signin`), so the page draws what the browser's router will. */
  search?: string;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  /** GET /api/config's answer, which the pages would otherwise ask for before drawing some of their parts. */
  publicConfig: PublicConfig;
  /** A tracker lookup submitted as a plain form (POST /casetracking): the page is drawn with its result. */
  trackerLookup?: TrackerFormLookup;
  /** A sign-in form sent by the browser itself, without JavaScript: the page says signing in needs it. */
  signInWithoutScript?: true;
  /**
   * The signed-in member's feed, read by the server as the API answers it: `/Home` is drawn with its
   * first posts. Without it (a visitor, a profile to finish) the browser draws `/Home` as before.
   */
  networkFeed?: FeedFirstPage;
};

export type FirstPage = {
  /** The HTML of `#root`. */
  html: string;
  /** 404 for "page not found", so a crawler or a link checker is told too; else 200. */
  status: 200 | 404;
  /** The document's title, as the router sets it in the browser. */
  title: string;
  /** `<html lang dir>`, and for an applicant page (or "page not found") its language for hydration. */
  lang: string;
  dir: 'ltr' | 'rtl';
  applicantLanguage?: ApplicantLanguageCode;
  /** The source modules (Vite manifest keys) whose styles and code the page needs. */
  modules: string[];
  /**
   * The answers the page was drawn with (TanStack Query's dehydrated state): the browser's query
   * cache starts with them (web/main.tsx), so hydration draws what the server drew.
   */
  data: unknown;
};

const pathnameIs = (pathname: string, page: string) =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname) === page;

/** Which first page an address is, if the server renders it: one of the four, the feed, or "page not found". */
function firstPageOf(pathname: string, feed: FeedFirstPage | undefined): FirstPageKind | undefined {
  // Exactly `/Home`: `/home` is another page (it sends the visitor on).
  if (pathname === '/Home') return feed ? feedPage : undefined;
  const page = Object.entries(firstPages).find(([path]) => pathnameIs(pathname, path))?.[1];
  if (page) return page;
  const table = [...routeTables[webAreaOf(pathname)], unknownPath];
  const deepest = matchRoutes(table, pathname)?.at(-1)?.route;
  // A token goes to the health authority and a known place in other words is redirected: both in the browser.
  return deepest === unknownPath && resolveUnknownPath(pathname).kind === 'not-found' ? notFoundPage : undefined;
}

/** The document title, in the applicant's language on their translated screens (as the applicant shell sets it). */
async function titleOf(pathname: string, language: ApplicantLanguageCode): Promise<string> {
  const table = [...routeTables[webAreaOf(pathname)], unknownPath];
  const handle = deepestTitled(
    (matchRoutes(table, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined),
  );
  const t = await loadCatalogue(language);
  return documentTitle(handle?.titleKey ? t(handle.titleKey as ApplicantKey) : handle?.title);
}

/**
 * The HTML of a first page, or undefined for an address the browser draws alone. The applicant's
 * pages speak the language of the switcher's cookie, else of the browser's Accept-Language.
 */
export async function renderFirstPage(request: FirstPageRequest): Promise<FirstPage | undefined> {
  const page = firstPageOf(request.pathname, request.networkFeed);
  if (!page) return undefined;
  // The visitor's language: the switcher's cookie, else Accept-Language. The applicant's pages and
  // "page not found" are drawn in it; the English sign-in pages say only why a form sent without
  // JavaScript did nothing in it.
  const visitorLanguage = cookieLanguage(request.cookie) ?? acceptedLanguage(request.acceptLanguage);
  const language = page.applicant ? visitorLanguage : undefined;
  // The applicant's words are drawn in the page, so they are downloaded before (once per language).
  if (language) await loadCatalogue(language);
  // Nothing is fetched on the server. What it knows is given to the pages as answers: the public
  // settings, and on `/` that no member is signed in when no session cookie came (the form, not a
  // loading state). Anything else draws as it does before its answer arrives.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicConfigQuery().queryKey, request.publicConfig);
  const sessionCookie = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
  if (pathnameIs(request.pathname, '/') && !sessionCookie.test(request.cookie ?? ''))
    client.setQueryData(meQuery().queryKey, null);
  // A lookup sent as a plain form: the tracker page shows its result (or why there is none) as the
  // JavaScript's lookup would, and hydrates from the same answer.
  const { trackerLookup } = request;
  if (trackerLookup && pathnameIs(request.pathname, '/casetracking')) client.setQueryData(formLookupKey, trackerLookup);
  // The feed: its member and first posts as the API answered them, and when they were read.
  const { networkFeed } = request;
  if (networkFeed && page === feedPage) {
    client.setQueryData(meQuery().queryKey, networkFeed.me);
    client.setQueryData(feedQuery().queryKey, { pages: [networkFeed.posts], pageParams: [undefined] });
    client.setQueryData(drawnAtKey, networkFeed.drawnAt);
  }
  if (request.signInWithoutScript)
    client.setQueryData<SentWithoutScript>(sentWithoutScriptKey, {
      message: signInNeedsJavaScript[visitorLanguage],
      lang: visitorLanguage,
    });
  // Everything, lazy pages included, before answering: a first page is small and its HTML is whole.
  const { prelude } = await prerender(
    <VisitorLanguageContext value={language}>
      <AppRoot
        client={client}
        router={
          <StaticRouter location={`${request.pathname}${request.search ?? ''}`}>
            <CurrentArea />
          </StaticRouter>
        }
      />
    </VisitorLanguageContext>,
    // Every Suspense boundary in place, as drawn (the feed's post cards are boundaries, issue 42):
    // React would otherwise move those past 12.8 KB of HTML to the page's end, hidden, and show
    // them with an inline script; the page is sent whole anyway, nothing is gained by streaming it.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const notFound = page === notFoundPage;
  return {
    html: await new Response(prelude).text(),
    status: notFound ? 404 : 200,
    title: notFound
      ? documentTitle(notFoundWords[language ?? 'en'].title)
      : await titleOf(request.pathname, language ?? 'en'),
    lang: language ?? 'en',
    dir: language ? directionOf(language) : 'ltr',
    ...(language ? { applicantLanguage: language } : {}),
    // A result is drawn by the tracker's result chunk, in the words of the screens after the form:
    // their styles and code come with the page.
    modules: [
      ...page.modules,
      // The language's catalogue is preloaded beside the page's code, so hydration need not wait for it.
      ...(language && page.applicant === 'words' ? [`cases/locales/${language}.ts`] : []),
      ...(trackerLookup && 'progress' in trackerLookup
        ? ['cases/tracker-result.tsx', `cases/locales/screens/${language ?? 'en'}.ts`]
        : []),
      // A post's link (`/Home?post=…`) opens it over the feed: its chunk comes with the page.
      ...(page === feedPage && new URLSearchParams(request.search).has('post')
        ? ['network/post-detail-modal.tsx']
        : []),
    ],
    data: dehydrate(client),
  };
}
