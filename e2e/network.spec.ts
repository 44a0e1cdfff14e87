import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, test } from './fixtures.js';
import { createMember, createPost, memberBrowser } from './network-helpers.js';
import { startLocalOidcProvider, type LocalProviderOptions } from './network-oidc-provider.js';

// A real 1×1 PNG, and files as phones save them (test/fixtures/media/README.md).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const phoneFile = (name: string) => readFileSync(new URL(`../test/fixtures/media/${name}`, import.meta.url));
const mp4 = phoneFile('android-video.mp4');

/** Waits until the browser has read a video's header: it can play what was stored. */
async function expectPlayable(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => (element.readyState >= 1 ? element.duration : 0)))
    .toBeGreaterThan(0.5);
}

/** The live stream's requests, whatever position they ask to start from (`?after=`). */
const isEventStream = (url: URL) => url.pathname === '/api/network/events';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** A new member (made through the API: signing up is members.spec.ts's) on the feed in `page`. */
async function openFeedAs(page: Page, name: string) {
  await createMember(page.context(), { name });
  await page.goto('/Home');
  await expect(page.getByRole('button', { name: 'Start a post' })).toBeVisible();
  // Drawn on the server: typed into before React has it, a field would keep text its state has not.
  await hydrated(page);
}

/** A second member in a browser of its own, on the feed. */
const secondBrowser = (browser: Browser) =>
  memberBrowser(browser, { name: unique('reader'), displayName: `Reader ${unique('')}` });

/** Publishes through the dialog and returns the new post's id. */
async function publish(
  page: Page,
  text: string,
  file?: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/network/posts',
  );
  await page.getByRole('button', { name: 'Start a post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await expect(dialog.getByText('Anyone')).toBeVisible();
  if (text) await dialog.getByPlaceholder("What's on your mind?").fill(text);
  if (file) await dialog.getByLabel('Add Media').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toBeHidden();
  return ((await (await created).json()) as { id: string }).id;
}

test('when members post, comment, like and delete, then a second browser sees every change live without reload', async ({
  page,
  browser,
}) => {
  const author = unique('author');
  await openFeedAs(page, author);
  // The worker's app is shared by its spec files in whatever order they come (first-pages and
  // moderation leave posts), so the feed may be empty or not here; its empty state is held by
  // web/network/post-dialog.test.tsx, where the feed's data is the test's own.
  await expect(page.getByText('There are no posts yet...').or(page.getByRole('article').first())).toBeVisible();
  await expect(page.getByRole('button', { name: author })).toBeVisible();
  await expectAccessible(page);

  const reader = await secondBrowser(browser);
  const readerPage = reader.page;
  const commentLists: string[] = [];
  readerPage.on('request', (request) => {
    if (request.method() === 'GET' && /\/comments(\?|$)/.test(request.url()))
      commentLists.push(new URL(request.url()).pathname);
  });

  // Text
  const postId = await publish(page, 'Hello from the e2e author');
  const authorPost = page.getByRole('article').filter({ hasText: 'Hello from the e2e author' });
  await expect(authorPost).toContainText('Just now');
  await expect(authorPost).toContainText(`Member ${author}`);
  const livePost = readerPage.getByRole('article').filter({ hasText: 'Hello from the e2e author' });
  await expect(livePost).toBeVisible();
  await expect(livePost.getByRole('button', { name: 'Delete post' })).toHaveCount(0);

  // Empty post is refused in the dialog
  await page.getByRole('button', { name: 'Write' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please add content before posting');
  await dialog
    .getByLabel('Add Media')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not media') });
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Please choose a photo or a video: JPEG, PNG, GIF, WebP or HEIC photos, or MP4, MOV or WebM videos, up to [\d.]+ MB\.$/,
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Image and video
  await publish(page, 'A picture', { name: 'picture.png', mimeType: 'image/png', buffer: png });
  const liveImage = readerPage
    .getByRole('article')
    .filter({ hasText: 'A picture' })
    .getByRole('img', { name: /Image: A picture/ });
  await expect(liveImage).toBeVisible();
  expect(await liveImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await publish(page, 'A clip', { name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4 });
  const clip = readerPage.getByRole('article').filter({ hasText: 'A clip' }).locator('video');
  await expect(clip).toHaveAttribute('src', /\/api\/network\/media\/\d+-.+-clip\.mp4$/);
  await expectPlayable(clip);

  // A post without comments asks for none, however long it is on screen.
  expect(commentLists.filter((path) => path.includes(postId))).toEqual([]);

  // Comment from the reader, seen by the author
  await livePost.getByRole('button', { name: 'Comment' }).click();
  await expect(livePost.getByLabel('Add a comment')).toBeFocused();
  await livePost.getByLabel('Add a comment').fill('  Great post!  ');
  await livePost.getByRole('button', { name: 'Submit' }).click();
  await expect(livePost.getByLabel('Add a comment')).toHaveValue('');
  await expect(authorPost.getByRole('list', { name: 'Comments' })).toContainText('Great post!');
  await expect(authorPost.getByRole('list', { name: 'Comments' })).toContainText(reader.name);
  await expect(authorPost).toContainText('1 comment');

  // Like from the reader, seen by the author; toggling takes it back
  await livePost.getByRole('button', { name: 'Like' }).click();
  await expect(livePost.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(authorPost).toContainText('1 like');
  await livePost.getByRole('button', { name: 'Liked' }).click();
  await expect(authorPost).toContainText('0 likes');
  await livePost.getByRole('button', { name: 'Like' }).click();
  await expect(authorPost).toContainText('1 like');

  // Post detail modal
  await authorPost.getByRole('button', { name: 'Just now' }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  // A text post shows its text, not an empty grey box.
  await expect(detail.getByRole('list', { name: 'Comments' })).toBeVisible();
  await expect(detail.getByText('No media available')).toHaveCount(0);
  await expect(detail.getByRole('list', { name: 'Comments' })).toContainText('Great post!');
  await detail.getByLabel('Add a comment').fill('Thanks!');
  await detail.getByRole('button', { name: 'Submit' }).click();
  await expect(livePost.getByRole('list', { name: 'Comments' })).toContainText('Thanks!');
  await expect(livePost).toContainText('2 comments');
  await detail.getByRole('button', { name: 'Close' }).click();

  // Delete by the author, gone from the reader's feed
  await authorPost.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm).toContainText('Are you sure you want to delete this post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted!')).toBeVisible();
  await expect(authorPost).toHaveCount(0);
  await expect(livePost).toHaveCount(0);

  await reader.context.close();
});

test('when a member posts an iPhone photo and video, then the composer says what it takes, the HEIC shows upright as a JPEG and the MOV plays', async ({
  page,
}) => {
  await openFeedAs(page, unique('phone'));
  await page.getByRole('button', { name: 'Start a post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await expect(dialog.getByLabel('Add Media')).toHaveAccessibleDescription(
    /^JPEG, PNG, GIF, WebP or HEIC photos, or MP4, MOV or WebM videos, up to \d+ MB\. Location and camera details are removed\.$/,
  );
  // Chromium cannot draw HEIC, so the composer names the file instead of a broken preview.
  await dialog.getByLabel('Add Media').setInputFiles({
    name: 'IMG_0042.HEIC',
    mimeType: 'image/heic',
    buffer: phoneFile('iphone-photo.heic'),
  });
  await expect(dialog.getByText('IMG_0042.HEIC: a HEIC photo, posted as a JPEG.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await publish(page, 'From my iPhone', {
    name: 'IMG_0042.HEIC',
    mimeType: 'image/heic',
    buffer: phoneFile('iphone-photo.heic'),
  });
  const photo = page
    .getByRole('article')
    .filter({ hasText: 'From my iPhone' })
    .getByRole('img', { name: /Image:/ });
  await expect(photo).toHaveAttribute('src', /-IMG_0042\.jpg$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([40, 80]);
  // In its own shape, without black bars (issue 39): the upright photo is as tall as a post's media may
  // be (520 px) and half as wide, centred, with nothing painted beside it.
  await expect
    .poll(() =>
      photo.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return {
          width: Math.round(box.width),
          height: Math.round(box.height),
          fill: getComputedStyle(img).backgroundColor,
        };
      }),
    )
    .toEqual({ width: 260, height: 520, fill: 'rgba(0, 0, 0, 0)' });

  await publish(page, 'A clip from my iPhone', {
    name: 'IMG_0043.MOV',
    mimeType: 'video/quicktime',
    buffer: phoneFile('iphone-video.mov'),
  });
  const video = page.getByRole('article').filter({ hasText: 'A clip from my iPhone' }).locator('video');
  await expect(video).toHaveAttribute('src', /-IMG_0043\.mov$/);
  await expectPlayable(video);
  await expectAccessible(page);
});

test('when the live stream is refused (the database is away), then the feed opens it again by itself and shows what was posted meanwhile', async ({
  page,
  browser,
}) => {
  await openFeedAs(page, unique('author'));
  const reader = await secondBrowser(browser);
  // The stream is answered the way the server answers while its database is down; once only.
  let refused = 0;
  // By its path: the stream's address carries the position the feed was read at (`?after=`).
  await reader.context.route(isEventStream, async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Service temporarily unavailable, please retry' }),
    });
  });
  await reader.page.reload();
  await expect(reader.page.getByRole('button', { name: 'Start a post' })).toBeVisible();
  await expect.poll(() => refused).toBe(1);

  await publish(page, 'Posted while the stream was refused');
  await expect(
    reader.page.getByRole('article').filter({ hasText: 'Posted while the stream was refused' }),
  ).toBeVisible();
  await publish(page, 'Posted once it is back');
  await expect(reader.page.getByRole('article').filter({ hasText: 'Posted once it is back' })).toBeVisible();

  await reader.context.close();
});

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Sign Out in another tab: the browser's session ends on the server and its cookie goes. */
async function signOutElsewhere(page: Page, baseURL: string) {
  expect(
    (await page.context().request.post('/api/network/auth/sign-out', { headers: { origin: baseURL } })).status(),
  ).toBe(204);
}

test('when the session ends elsewhere, then the open feed notices through its live stream, shows sign-in saying why and stops reconnecting', async ({
  page,
  baseURL,
}) => {
  // The page's clock, so the wait for a reconnect that must not come is fast-forwarded, not slept.
  await page.clock.install();
  await openFeedAs(page, unique('elsewhere'));
  await expect(page.getByRole('button', { name: 'Start a post' })).toBeVisible();
  await signOutElsewhere(page, baseURL ?? '');

  // The server closes the stream; reopened, it is refused, and the page asks whether the session is gone.
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  let reopened = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/network/events') reopened += 1;
  });
  // Longer than the first pause before a refused stream is opened again.
  await page.clock.runFor(4_000);
  // A stream opened by those timers would have asked before this later request answers.
  await page.evaluate(() => fetch('/healthz').then((response) => response.status));
  expect(reopened).toBe(0);
});

test('when the session ends elsewhere and the member presses Like, then sign-in shows saying why, with no error to retry', async ({
  page,
  baseURL,
}) => {
  const liker = unique('liker');
  await openFeedAs(page, liker);
  await createPost(page.context(), `Liked after the session ended, by ${liker}`);
  // The live stream never answers here, so only the Like can notice the ended session.
  await page.route(isEventStream, () => undefined);
  // Nor may the shell's opening calls (the bell's count, the suspension): the feed is drawn on the
  // server, so they go out once it has hydrated, and must have answered before the session ends.
  const opened = ['/api/network/notifications', '/api/network/me/suspension'].map((path) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === path),
  );
  await page.reload();
  const post = page.getByRole('article').filter({ hasText: `Liked after the session ended, by ${liker}` });
  await expect(post).toBeVisible();
  await hydrated(page);
  await Promise.all(opened);
  await signOutElsewhere(page, baseURL ?? '');

  await post.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Could not update the like. Please try again.')).toHaveCount(0);
});

test('when a signed-in member opens the sign-in page, then they are sent on; after Sign Out the feed is closed to them', async ({
  page,
}) => {
  const name = unique('leaver');
  await openFeedAs(page, name);
  await page.goto('/');
  await expect(page).toHaveURL(/\/Home$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/Home$/);
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // Signed out, a member is offered sign-in, not sign-up (which would email them "someone tried to sign up").
  await expect(page).toHaveURL(/\/\?mode=signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goto('/Home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});

test('when the feed is viewed on a phone-sized screen, then it fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openFeedAs(page, unique('phone'));
  await publish(page, 'Posted from a phone');
  await expect(page.getByRole('article').filter({ hasText: 'Posted from a phone' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('complementary', { name: 'Recommendations' })).toBeHidden();
  await expectAccessible(page);
});

test('when the feed opens on a phone, then nothing on the screen moves as its first page arrives', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openFeedAs(page, unique('steady'));
  // Every layout shift from the start of the next load (Chromium's Layout Instability API, what CLS sums).
  await page.addInitScript(() => {
    const sum = { value: 0 };
    // LayoutShift entries are not in TypeScript's DOM types: the two fields read here.
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) sum.value += entry.value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { layoutShift: () => (add(observer.takeRecords()), sum.value) });
  });
  // Opened from its address, the feed comes drawn with its first page (decision 053): it waits for
  // its posts when a member comes to it from another page, held here until its wait is on screen,
  // as on a slow connection.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const shifted = () =>
    page.evaluate(async () => {
      // Two frames, so the frame that drew the last change has reported its shifts.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return (window as unknown as { layoutShift: () => number }).layoutShift();
    });
  const before = await shifted();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/network/posts',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Fetching Feed...' });
  await expect(waiting).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your profile' })).toBeVisible();
  release();
  await expect(waiting).toBeHidden();
  await expect(page.getByText('There are no posts yet...').or(page.getByRole('article').first())).toBeVisible();
  // 0.1 is the bound of a "good" cumulative layout shift.
  expect((await shifted()) - before).toBeLessThan(0.1);
});

test('when a visitor signs in with a wrong password, then the error shows in red above the form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Already a member? Sign In' }).click();
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expectAccessible(page);
});

test.describe('sign-in with the OpenID provider', () => {
  let provider: { stop(): Promise<void> } | undefined;
  let providerPort = 0;
  let appUrl = '';
  /** Runs the local provider with `options` until the test ends (each test its own). */
  const startProvider = async (options: LocalProviderOptions = {}) => {
    await provider?.stop();
    provider = await startLocalOidcProvider(providerPort, appUrl, options);
  };
  test.beforeEach(async ({ workerApp }) => {
    providerPort = workerApp.oidcPort;
    appUrl = workerApp.url;
    await startProvider();
  });
  test.afterEach(async () => {
    await provider?.stop();
    provider = undefined;
  });

  /** Signs in through the popup as `login` and waits for the popup to close. */
  async function signInThroughPopup(page: Page, login: string) {
    await page.goto('/');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;
    await popup.locator('input[name="login"]').fill(login);
    await popup.locator('input[name="password"]').fill('anything');
    await popup.locator('button[type="submit"]').click();
    // Listen before the click: the popup can close before a later listener is attached.
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;
  }

  test('when a visitor signs in through a conformant provider (email and name only from UserInfo), then the popup closes and the new member has the verified email and the name', async ({
    page,
  }) => {
    const email = `${unique('oidc')}@example.test`;
    await signInThroughPopup(page, email);

    await expect(page).toHaveURL(/\/UserDetails$/);
    await expect(page.getByLabel('Display name')).toHaveValue('Oidc Member');
    const me = await page.request.get('/api/network/me');
    expect(await me.json()).toMatchObject({ user: { email, emailVerified: true } });
  });

  test('when the provider says the email is not verified, then it neither signs in to nor links the account of that address', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `${unique('unverified')}@example.test`;
    const owner = await browser.newContext({ baseURL });
    const credentials = { email, password: 'the owner password' };
    const headers = { origin: baseURL! };
    expect((await owner.request.post('/api/network/auth/sign-up', { headers, data: credentials })).status()).toBe(202);
    await owner.close();
    await startProvider({ claims: (login) => ({ email: login, email_verified: false, name: 'Not Verified' }) });

    await signInThroughPopup(page, email);

    await expect(page.getByRole('alert')).toHaveText(
      'An account with this email already exists. Please sign in with your password.',
    );
    expect(await (await page.request.get('/api/network/me')).json()).toEqual({ user: null });
  });

  for (const [what, options] of [
    [
      'an ID token made for another sign-in (wrong nonce)',
      { tamperIdToken: (claims) => ({ ...claims, nonce: 'another-sign-in' }) },
    ],
    [
      'an expired ID token',
      {
        tamperIdToken: (claims) => ({
          ...claims,
          iat: (claims.iat ?? 0) - 7200,
          exp: (claims.iat ?? 0) - 3600,
        }),
      },
    ],
    [
      "another person's UserInfo (a different subject)",
      { tamperUserInfo: (claims) => ({ ...claims, sub: 'someone-else', email: 'victim@example.test' }) },
    ],
  ] satisfies [string, LocalProviderOptions][]) {
    test(`when the provider answers with ${what}, then the sign-in is refused and nobody is signed in`, async ({
      page,
    }) => {
      await startProvider(options);

      await signInThroughPopup(page, `${unique('tampered')}@example.test`);

      await expect(page.getByRole('alert')).toHaveText('Google sign-in did not complete. Please try again.');
      expect(await (await page.request.get('/api/network/me')).json()).toEqual({ user: null });
    });
  }

  test("when someone signed up with a person's address and that person signs in through the provider, then the person gets the account without the squatter's profile, and the squatter's password and session stop working", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `${unique('squatted')}@example.test`;
    const squatter = await browser.newContext({ baseURL });
    const headers = { origin: baseURL! };
    const credentials = { email, password: 'the squatter password' };
    expect((await squatter.request.post('/api/network/auth/sign-up', { headers, data: credentials })).status()).toBe(
      202,
    );
    expect((await squatter.request.post('/api/network/auth/sign-in', { headers, data: credentials })).status()).toBe(
      200,
    );
    const squatterName = unique('sq');
    expect(
      (
        await squatter.request.put('/api/network/me/profile', {
          headers,
          data: { username: squatterName, displayName: 'Squatter' },
        })
      ).status(),
    ).toBe(200);

    await page.goto('/');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;
    await popup.locator('input[name="login"]').fill(email);
    await popup.locator('input[name="password"]').fill('anything');
    await popup.locator('button[type="submit"]').click();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;

    // The squatter's name is not inherited: the owner completes a profile of their own.
    await expect(page).toHaveURL(/\/UserDetails$/);
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByText(squatterName)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Verify your email address' })).toHaveCount(0);
    expect((await squatter.request.get('/api/network/posts')).status()).toBe(401);
    expect((await squatter.request.post('/api/network/auth/sign-in', { headers, data: credentials })).status()).toBe(
      401,
    );
    await squatter.close();
  });
});
