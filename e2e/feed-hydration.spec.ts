import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createMember, createPost, uniqueName } from './network-helpers.js';

/*
 * The feed's post cards hydrate apart from the page (issue 42, decision 053): each is a Suspense
 * boundary, whose content React hydrates after the page, in slices, instead of in one long task.
 * A tap on a card before its turn must still do what it says.
 */

type HeldScheduler = Window & { __releaseScheduler?: () => void };

/**
 * Holds React's scheduler from the page's first script: it runs its work from a MessageChannel's
 * messages, which wait here until released. Nothing React schedules runs meanwhile; only an event
 * makes it hydrate what the event needs, at once (a discrete event on a part not yet hydrated).
 */
async function holdReactScheduler(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Channel = window.MessageChannel;
    const held: Array<() => void> = [];
    let holding = true;
    (window as HeldScheduler).__releaseScheduler = () => {
      holding = false;
      for (const send of held.splice(0)) send();
    };
    window.MessageChannel = class {
      port1: MessagePort;
      port2: Pick<MessagePort, 'postMessage'>;
      constructor() {
        const channel = new Channel();
        this.port1 = channel.port1;
        this.port2 = {
          postMessage: (message: unknown) => {
            if (holding) held.push(() => channel.port2.postMessage(message));
            else channel.port2.postMessage(message);
          },
        };
      }
    } as unknown as typeof MessageChannel;
  });
}

/** Whether React has taken the element over (its props are on it then, as the fixtures' `hydrated` reads). */
const takenOver = (page: Page, selector: string) =>
  page.evaluate(
    (found) =>
      [...document.querySelectorAll(found)].map((e) => Object.keys(e).some((k) => k.startsWith('__reactProps'))),
    selector,
  );

test('when a member taps Like and Comment on a post before React hydrated its card, then the like is sent and the comment field focused once it has', async ({
  page,
}) => {
  const context = page.context();
  await createMember(context, { displayName: 'Hydration Reader' });
  const text = `A card hydrated apart ${uniqueName('')}`;
  const id = await createPost(context, text);
  await holdReactScheduler(page);
  await page.goto('/Home');
  const post = page.getByRole('article').filter({ hasText: text });
  await expect(post.getByRole('button', { name: 'Like' })).toBeVisible();
  // The page's script has run as far as hydrateRoot (React marks the root it listens on).
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

  // A click on the page's text (no button: the head's script does not hold it) makes React hydrate
  // the page now, as far as it can: the page's code arrives a moment later (a lazy page), and the
  // next click hydrates it. The cards, each its own boundary, wait for the scheduler.
  const heading = page.getByRole('heading', { name: 'Welcome, Hydration Reader!' });
  await expect(async () => {
    await heading.click();
    expect(await takenOver(page, 'main section[aria-label="Start a post"] button')).not.toContain(false);
  }).toPass();
  expect(await takenOver(page, 'main article button')).not.toContain(true);

  const liked = page.waitForResponse((answer) => answer.url().endsWith(`/api/network/posts/${id}/like`));
  await post.getByRole('button', { name: 'Like' }).click();
  await post.getByRole('button', { name: 'Comment' }).click();
  await page.evaluate(() => (window as HeldScheduler).__releaseScheduler?.());

  expect((await liked).status()).toBe(200);
  await expect(post.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(post).toContainText('1 like');
  await expect(post.getByRole('combobox', { name: 'Add a comment' })).toBeFocused();
});
