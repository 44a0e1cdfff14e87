import { expect, hydrated, test } from './fixtures.js';
import { createMember, createPost, memberBrowser, uniqueName } from './network-helpers.js';
import { workerApp } from './worker-app.js';

/*
 * The live feed's gap (issue 42, decision 053): the feed is drawn on the server, and its live
 * stream opens only once the page's scripts have run. A fresh EventSource cannot say what it has
 * seen, so the stream started at "now" and what was published meanwhile (seconds on a slow phone)
 * showed only on the next reload. The page now says the event position its posts were read at, and
 * the stream opens from there.
 */
test('when a post is published and liked while the feed page is still loading its scripts, then once they have run it is there, once, with its like, without a reload', async ({
  page,
  browser,
}) => {
  const author = await memberBrowser(browser, { name: uniqueName('author') });
  await createMember(page.context(), { name: uniqueName('reader') });
  const before = `On the page already ${uniqueName('')}`;
  await createPost(author.context, before);

  // The scripts are held while the page is drawn and shown, as on a slow phone's connection.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/Home', { waitUntil: 'commit' });
  await expect(page.getByRole('article').filter({ hasText: before })).toBeVisible();

  const during = `Published while the page loaded ${uniqueName('')}`;
  const id = await createPost(author.context, during);
  const liked = await author.context.request.put(`/api/network/posts/${id}/like`, {
    headers: { origin: workerApp().url },
  });
  expect(liked.status()).toBe(200);
  // The server has sent both to the streams open meanwhile (the author's): a stream opening "now"
  // would start after them.
  const authorsCopy = author.page.getByRole('article').filter({ hasText: during });
  await expect(authorsCopy).toContainText('1 like');

  release();
  await hydrated(page);
  const post = page.getByRole('article').filter({ hasText: during });
  await expect(post).toBeVisible();
  await expect(post).toContainText('1 like');

  // Live from then on, and nothing replayed twice: a post published after hydration comes after them.
  const after = `Published once the page ran ${uniqueName('')}`;
  await createPost(author.context, after);
  await expect(page.getByRole('article').filter({ hasText: after })).toBeVisible();
  await expect(post).toHaveCount(1);
  await expect(page.getByRole('article').filter({ hasText: before })).toHaveCount(1);
  await page.unrouteAll();
  await author.close();
});
