import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { CHROMIUM } from './harness.js';

/**
 * The first page of each area, as a visitor opens it, "page not found" (drawn on the server too),
 * and the feed as a signed-in member sees it: each is held to the 110 KB budget.
 */
const NOT_FOUND_PATH = '/no-such-page';
export const firstPages = [
  { area: 'cases', name: 'public tracker', path: '/casetracking', signedIn: false },
  { area: 'cases', name: 'case admin login', path: '/caseadmin/login', signedIn: false },
  { area: 'lms', name: 'LMS login', path: '/lms-system/login', signedIn: false },
  { area: 'network', name: 'network sign-in', path: '/', signedIn: false },
  { area: 'network', name: 'page not found', path: NOT_FOUND_PATH, signedIn: false },
  { area: 'network', name: 'network feed (signed in)', path: '/Home', signedIn: true },
];

/** Signs up a fresh network member with a complete profile and returns its session cookie. */
async function memberCookie(appUrl: string): Promise<string> {
  const name = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const headers = { origin: appUrl, 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email: `${name}@example.test`, password: 'bench member password' });
  const signUp = await fetch(`${appUrl}/api/network/auth/sign-up`, { method: 'POST', headers, body: credentials });
  if (!signUp.ok) throw new Error(`member sign-up answered ${signUp.status}`);
  // Sign-up answers alike for every address; the session comes from signing in.
  const signIn = await fetch(`${appUrl}/api/network/auth/sign-in`, { method: 'POST', headers, body: credentials });
  if (!signIn.ok) throw new Error(`member sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const profile = await fetch(`${appUrl}/api/network/me/profile`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ username: name, displayName: `Bench ${name}` }),
  });
  if (!profile.ok) throw new Error(`member profile answered ${profile.status}`);
  return cookie;
}

export type JavaScriptWeight = { page: string; path: string; scripts: number; rawKb: number; gzipKb: number };
/** Lighthouse's lab metrics behind the performance score (ms, CLS unitless) and what it named as the LCP element. */
export type LighthouseMetrics = {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  lcpElement?: string;
};
export type LighthouseScores = {
  page: string;
  path: string;
  performance: number | null;
  accessibility: number | null;
  metrics?: LighthouseMetrics;
  /** The audits that cost points (score below 0.9), so a low score says where to look. */
  failing?: string[];
  error?: string;
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Loads each page in Chromium and adds up the JavaScript it downloads until the network is idle;
 * each script is gzipped here (level 9), as `npm run build` precompresses it, whatever encoding the browser got.
 */
export async function measureJavaScript(appUrl: string): Promise<JavaScriptWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const weights: JavaScriptWeight[] = [];
    const cookie = await memberCookie(appUrl);
    for (const page of firstPages) {
      const context = await browser.newContext(page.signedIn ? { extraHTTPHeaders: { cookie } } : {});
      const tab = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      // By content type, not resource type: chunks fetched by <link rel="modulepreload"> are not "script" requests.
      tab.on('response', (response) => {
        if (/javascript/.test(response.headers()['content-type'] ?? '')) bodies.push(response.body());
      });
      await tab.goto(`${appUrl}${page.path}`, { waitUntil: 'networkidle' });
      // On a busy machine the network can idle while the first chunk is still parsed, before the
      // page's own chunks are asked for: wait for the page's heading, then for the network again.
      await tab.getByRole('heading').first().waitFor();
      await tab.waitForLoadState('networkidle');
      const scripts = await Promise.all(bodies);
      weights.push({
        page: page.name,
        path: page.path,
        scripts: scripts.length,
        rawKb: kb(scripts.reduce((sum, body) => sum + body.length, 0)),
        gzipKb: kb(scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)),
      });
      await context.close();
    }
    return weights;
  } finally {
    await browser.close();
  }
}

/** One page's Lighthouse run (mobile, simulated throttling). */
async function lighthousePage(
  appUrl: string,
  port: number,
  page: (typeof firstPages)[number],
  cookie: string,
): Promise<LighthouseScores> {
  try {
    const result = await lighthouse(`${appUrl}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The not-found page answers 404 on purpose: Lighthouse would refuse it without this.
      ignoreStatusCode: page.path === NOT_FOUND_PATH,
      ...(page.signedIn ? { extraHeaders: { cookie } } : {}),
    });
    const lhr = result?.lhr;
    const categories = lhr?.categories;
    const score = (value: number | null | undefined) =>
      value === null || value === undefined ? null : Math.round(value * 100);
    const audit = (id: string) => lhr?.audits[id];
    const ms = (id: string) => Math.round(audit(id)?.numericValue ?? 0);
    const lcpElement = (
      audit('largest-contentful-paint-element')?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    const weighted = new Set(
      [...(categories?.performance?.auditRefs ?? []), ...(categories?.accessibility?.auditRefs ?? [])].map(
        (ref) => ref.id,
      ),
    );
    return {
      page: page.name,
      path: page.path,
      performance: score(categories?.performance?.score),
      accessibility: score(categories?.accessibility?.score),
      ...(lhr
        ? {
            metrics: {
              fcpMs: ms('first-contentful-paint'),
              lcpMs: ms('largest-contentful-paint'),
              tbtMs: ms('total-blocking-time'),
              cls: Math.round((audit('cumulative-layout-shift')?.numericValue ?? 0) * 1000) / 1000,
              speedIndexMs: ms('speed-index'),
              ...(lcpElement ? { lcpElement } : {}),
            },
            failing: Object.values(lhr.audits)
              .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 0.9)
              .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
          }
        : {}),
      ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  } catch (error) {
    return { page: page.name, path: page.path, performance: null, accessibility: null, error: String(error) };
  }
}

/** Lighthouse's default (mobile, simulated throttling) performance and accessibility scores, 0-100. */
export async function runLighthouse(appUrl: string): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const scores: LighthouseScores[] = [];
    const cookie = await memberCookie(appUrl);
    for (const page of firstPages) {
      const result = await lighthousePage(appUrl, chrome.port, page, cookie);
      // Lighthouse now and then fails to record the trace (NO_NAVSTART) and asks to be run again.
      scores.push(result.error ? await lighthousePage(appUrl, chrome.port, page, cookie) : result);
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
