import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ProfessionalProfile } from '../contracts/network.js';
import { e2eAccounts } from './accounts.js';
import { expect, hydrated } from './fixtures.js';
import { waitForMail } from './mailbox.js';
import { workerApp } from './worker-app.js';

/** What the network specs share: names, and members made through the API the page itself uses. */

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

export type Member = { name: string; email: string; password: string };

/**
 * A new member with a profile, signed up and signed in through the API (for tests about something
 * else than signing up): the session cookie lands in `context`, so its pages open signed in.
 * `origin` is the app's (the worker's unless the test runs an app of its own).
 */
export async function createMember(
  context: BrowserContext,
  {
    name = uniqueName('member'),
    email = `${name}@example.test`,
    password = 'correct horse battery',
    displayName = `Member ${name}`,
    origin = workerApp().url,
    professional = {},
  }: {
    name?: string;
    email?: string;
    password?: string;
    displayName?: string;
    origin?: string;
    /** Headline, role, employer, location, about (issue 39). */
    professional?: Partial<ProfessionalProfile>;
  } = {},
): Promise<Member> {
  const headers = { origin };
  const credentials = { email, password };
  expect((await context.request.post('/api/network/auth/sign-up', { headers, data: credentials })).status()).toBe(202);
  // Sign-up answers alike for every address; the session comes from signing in.
  expect((await context.request.post('/api/network/auth/sign-in', { headers, data: credentials })).status()).toBe(200);
  const profile = await context.request.put('/api/network/me/profile', {
    headers,
    data: { username: name, displayName, ...professional },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { name, email, password };
}

/** A new member in a browser of their own, on the feed. Close it with `close`. */
export async function memberBrowser(
  browser: Browser,
  options: Parameters<typeof createMember>[1] = {},
): Promise<Member & { context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: options.origin ?? workerApp().url });
  const member = await createMember(context, options);
  const page = await context.newPage();
  await page.goto('/Home');
  await expect(page.getByRole('button', { name: 'Start a post' })).toBeVisible();
  // Drawn on the server (decision 053): typed into before React has it, a field would keep text its state has not.
  await hydrated(page);
  return { ...member, context, page, close: () => context.close() };
}

/** A text post by the member signed in in `context`, made through the API; returns its id. */
export async function createPost(context: BrowserContext, text: string, origin = workerApp().url): Promise<string> {
  const response = await context.request.post('/api/network/posts', {
    headers: { origin },
    multipart: { description: text },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The moderator: an address listed in NETWORK_ADMIN_EMAILS, verified through its emailed link. */
export async function moderatorBrowser(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: workerApp().url });
  const { email, password } = e2eAccounts.networkModerator;
  // Signed up by the worker's first moderation test; signing up again only answers alike, and signing in works.
  await createMember(context, { name: uniqueName('moderator'), email, password });
  const page = await context.newPage();
  const me = await (await context.request.get('/api/network/me')).json();
  if (!me.user.emailVerified) {
    const mail = await waitForMail({ to: email, subject: 'Verify your email address' });
    const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === '/verify-email');
    if (!link) throw new Error(`no verification link in: ${mail.text}`);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(/Your email address is (already )?verified/)).toBeVisible();
  }
  await page.goto('/Home');
  await hydrated(page);
  return { page, close: () => context.close() };
}
