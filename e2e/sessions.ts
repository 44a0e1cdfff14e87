import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { workerApp } from './worker-app.js';

/**
 * Signed-in staff, once per worker: each role signs in through the API the first time a test needs
 * it, and later tests reuse its token (as Playwright's stored state, or as a bearer header for
 * seeding). Signing in through the screens is for the tests of signing in.
 *
 * A test may end the shared session (Sign out, a password reset: either ends every session of that
 * admin), so a stored token is checked with one cheap request before it is handed out, and signed in
 * again if it was ended.
 */
export type StaffRole = 'caseAdmin' | 'lmsAdmin';

const staff: Record<
  StaffRole,
  {
    /** The key the web app keeps the token under in localStorage. */
    storageKey: string;
    signIn: { path: string; data: object };
    /** A light request that answers 200 while the token is good. */
    check: string;
  }
> = {
  caseAdmin: {
    storageKey: 'adminToken',
    signIn: { path: '/api/caseadmin/login', data: e2eAccounts.caseAdmin },
    check: '/api/caseadmin/services',
  },
  lmsAdmin: {
    storageKey: 'token',
    signIn: { path: '/auth/login', data: e2eAccounts.lmsAdmin },
    check: '/admin/exam-settings',
  },
};

const tokens = new Map<string, string>();

async function withApi<T>(use: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL: workerApp().url });
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

/** A token of `role` on this worker's app: the one already issued while it is good, else a new one. */
export async function staffToken(role: StaffRole): Promise<string> {
  const { signIn, check } = staff[role];
  const key = `${workerApp().url} ${role}`;
  return withApi(async (api) => {
    const known = tokens.get(key);
    if (known && (await api.get(check, { headers: { authorization: `Bearer ${known}` } })).status() === 200)
      return known;
    const response = await api.post(signIn.path, { data: signIn.data });
    if (response.status() !== 200) throw new Error(`${role} could not sign in: ${response.status()}`);
    const { token } = (await response.json()) as { token: string };
    tokens.set(key, token);
    return token;
  });
}

/** `{ authorization }` for seeding data through the API as `role`. */
export async function staffHeaders(role: StaffRole): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await staffToken(role)}` };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Playwright's stored state for a browser signed in as every one of `roles`. */
export async function staffStorageState(roles: readonly StaffRole[]): Promise<StorageState> {
  const localStorage = [];
  for (const role of roles) localStorage.push({ name: staff[role].storageKey, value: await staffToken(role) });
  return { cookies: [], origins: [{ origin: workerApp().url, localStorage }] };
}

/**
 * Puts `entries` into the app's localStorage in the page's browser context, keeping what is there
 * (cookies, other keys): the next page load starts signed in, without a trip through the screens.
 * `origin` is the app's (the worker's unless the test runs an app of its own).
 */
export async function addToLocalStorage(
  page: Page,
  entries: Record<string, string>,
  origin: string = workerApp().url,
): Promise<void> {
  const context = page.context();
  const state = await context.storageState();
  const others = state.origins.filter((entry) => entry.origin !== origin);
  const kept = (state.origins.find((entry) => entry.origin === origin)?.localStorage ?? []).filter(
    (item) => !(item.name in entries),
  );
  const added = Object.entries(entries).map(([name, value]) => ({ name, value }));
  await context.setStorageState({ ...state, origins: [...others, { origin, localStorage: [...kept, ...added] }] });
}

/** Signs the page's browser in as `role` (its stored token, no screens); the next page load shows it. */
export async function signInAs(page: Page, role: StaffRole): Promise<void> {
  await addToLocalStorage(page, { [staff[role].storageKey]: await staffToken(role) });
}
