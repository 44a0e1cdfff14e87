import type { Browser } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { createPost, memberBrowser } from './network-helpers.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** A new member in a browser of their own, on the feed. */
const newMember = (browser: Browser, prefix: string) => memberBrowser(browser, { name: unique(prefix) });

test('when members mention, comment and like, then the bell counts it live, the notifications page lists it, search finds posts and members, and names lead to profiles', async ({
  browser,
}) => {
  const author = await newMember(browser, 'author');
  const reader = await newMember(browser, 'reader');
  const authorBell = author.page.getByRole('link', { name: /^Notifications/ });
  const readerBell = reader.page.getByRole('link', { name: /^Notifications/ });
  await expect(authorBell).toHaveAccessibleName('Notifications');

  // A mention reaches the reader's bell without a reload (the post made through the API: the composer
  // has tests of its own).
  await createPost(author.context, `Who knows ICU rotas? @${reader.name} does.`);
  await expect(readerBell).toHaveAccessibleName('Notifications, 1 unread');

  // The reader comments and likes: the author's bell counts both, live.
  const post = reader.page.getByRole('article').filter({ hasText: 'Who knows ICU rotas?' });
  await post.getByRole('button', { name: 'Comment' }).click();
  await post.getByLabel('Add a comment').fill('Happy to help');
  await post.getByRole('button', { name: 'Submit' }).click();
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(authorBell).toHaveAccessibleName('Notifications, 2 unread');
  await expectAccessible(author.page);

  // A third member likes it too (one grouped notification: still two plus the comment) and mentions
  // the reader in a comment, which the reader sees arrive under the post, and in the bell, live.
  const colleague = await newMember(browser, 'colleague');
  const colleaguesPost = colleague.page.getByRole('article').filter({ hasText: 'Who knows ICU rotas?' });
  await colleaguesPost.getByRole('button', { name: 'Like' }).click();
  await expect(colleaguesPost.getByRole('button', { name: 'Liked' })).toBeVisible();
  await colleaguesPost.getByRole('combobox', { name: 'Add a comment' }).fill(`Ask @${reader.name} about nights`);
  await colleaguesPost.getByRole('button', { name: 'Submit' }).click();
  await expect(post.getByRole('list', { name: 'Comments' })).toContainText(`Ask @${reader.name} about nights`);
  await expect(readerBell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(authorBell).toHaveAccessibleName('Notifications, 3 unread');

  // The notifications page, newest first; marking all read empties the bell.
  await authorBell.click();
  await expect(author.page).toHaveURL(/\/notifications$/);
  const items = author.page.getByRole('list').filter({ hasText: 'your post' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(`Member ${colleague.name} commented on your post`);
  await expect(items.nth(1)).toContainText(`Member ${colleague.name} and Member ${reader.name} liked your post`);
  await expect(items.nth(2)).toContainText(`Member ${reader.name} commented on your post`);
  await expectAccessible(author.page);
  await author.page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(authorBell).toHaveAccessibleName('Notifications');

  // The mention is a link to the reader's profile, which lists nothing yet; the reader's notification opens the post.
  await author.page.goto('/Home');
  // The post's own text (the colleague's comment under it mentions the reader too).
  await author.page
    .getByRole('article')
    .filter({ hasText: 'Who knows ICU rotas?' })
    .locator('p', { hasText: 'Who knows ICU rotas?' })
    .getByRole('link', { name: `@${reader.name}` })
    .click();
  await expect(author.page).toHaveURL(new RegExp(`/members/${reader.name}$`));
  await expect(author.page.getByRole('heading', { level: 1 })).toHaveText(`Member ${reader.name}`);
  await expect(author.page.getByText('No posts yet.')).toBeVisible();
  await expectAccessible(author.page);

  // The header search finds the post (stemmed) and the author by name.
  const searchBox = reader.page.getByRole('searchbox', { name: 'Search posts and members' });
  await searchBox.fill('rota');
  await searchBox.press('Enter');
  await expect(reader.page).toHaveURL(/\/search\?q=rota$/);
  await expect(reader.page.getByRole('article').filter({ hasText: 'Who knows ICU rotas?' })).toBeVisible();
  await searchBox.fill(author.name);
  await searchBox.press('Enter');
  await reader.page
    .getByRole('list', { name: 'Members' })
    .getByRole('link', { name: `Member ${author.name}` })
    .click();
  await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(`Member ${author.name}`);
  await expect(reader.page.getByRole('article').filter({ hasText: 'Who knows ICU rotas?' })).toBeVisible();
  await expectAccessible(reader.page);

  await readerBell.click();
  const mention = reader.page.getByRole('listitem').filter({ hasText: `Member ${author.name} mentioned you` });
  await expect(mention.getByRole('link', { name: `Member ${author.name}` })).toHaveAttribute(
    'href',
    `/members/${author.name}`,
  );
  // The link says what the mention is about: the post, by its first words (issue 39).
  await mention.getByRole('link', { name: /^mentioned you in the post “Who knows ICU rotas\?.*” \(unread\)$/ }).click();
  await expect(reader.page.getByRole('dialog', { name: 'Post' })).toBeVisible();
  // The colleague's mention is still unread.
  await expect(readerBell).toHaveAccessibleName('Notifications, 1 unread');

  // Every author name leads to the profile: the post's in the feed, the comment's, the notification's.
  await reader.page.goto('/Home');
  const inFeed = reader.page.getByRole('article').filter({ hasText: 'Who knows ICU rotas?' });
  await inFeed.getByRole('link', { name: `Member ${author.name}`, exact: true }).click();
  await expect(reader.page).toHaveURL(new RegExp(`/members/${author.name}$`));
  await reader.page.goto('/Home');
  await expect(
    inFeed.getByRole('list', { name: 'Comments' }).getByRole('link', { name: reader.name, exact: true }),
  ).toHaveAttribute('href', `/members/${reader.name}`);
  await author.page.goto('/notifications');
  await author.page
    .getByRole('listitem')
    .filter({ hasText: `Member ${reader.name} commented on your post` })
    .getByRole('link', { name: `Member ${reader.name}` })
    .click();
  await expect(author.page.getByRole('heading', { level: 1 })).toHaveText(`Member ${reader.name}`);

  // The colleague finds the author by search and reaches the profile.
  const colleaguesSearch = colleague.page.getByRole('searchbox', { name: 'Search posts and members' });
  await colleaguesSearch.fill(author.name);
  await colleaguesSearch.press('Enter');
  await colleague.page
    .getByRole('list', { name: 'Members' })
    .getByRole('link', { name: `Member ${author.name}` })
    .click();
  await expect(colleague.page.getByRole('heading', { level: 1 })).toHaveText(`Member ${author.name}`);

  await author.close();
  await reader.close();
  await colleague.close();
});

test('when a member writes @ and part of a name in the post box or the comment box, then members are suggested, and keys or the mouse insert one', async ({
  browser,
}) => {
  const shared = unique('mx');
  const writer = await newMember(browser, 'writer');
  const first = await memberBrowser(browser, { name: `${shared}a` });
  const second = await memberBrowser(browser, { name: `${shared}b` });
  const { page } = writer;

  // Keyboard only: open the post box, type a mention, move with the arrows, take the second with Enter.
  await page.getByRole('button', { name: 'Start a post' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  const box = dialog.getByRole('textbox', { name: 'Post text' });
  await box.focus();
  await page.keyboard.type(`Night shift cover: @${shared}`);
  const suggestions = dialog.getByRole('listbox', { name: 'Members to mention' });
  const options = suggestions.getByRole('option');
  await expect(options).toHaveText([`Member ${first.name}@${first.name}`, `Member ${second.name}@${second.name}`]);
  await expect(dialog.getByRole('status')).toHaveText(
    '2 members found. Up and down arrows to choose, Enter to insert.',
  );
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(`Night shift cover: @${second.name} `);
  await expect(suggestions).toBeHidden();

  // Escape closes the suggestions, not the dialog; typing on opens them again, and Tab takes the first.
  await page.keyboard.type(`or @${shared}`);
  await expect(options).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.type('a');
  await expect(options).toHaveText([`Member ${first.name}@${first.name}`]);
  await page.keyboard.press('Tab');
  await expect(box).toHaveValue(`Night shift cover: @${second.name} or @${first.name} `);
  await expect(box).toBeFocused();
  await dialog.getByRole('button', { name: 'Post', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const post = page.getByRole('article').filter({ hasText: 'Night shift cover' });
  await expect(post.getByRole('link', { name: `@${second.name}` })).toBeVisible();
  await expect(second.page.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
    'Notifications, 1 unread',
  );

  // The comment box suggests the same way, and a click picks.
  const comment = post.getByRole('combobox', { name: 'Add a comment' });
  await comment.focus();
  await page.keyboard.type(`Thanks @${shared}`);
  await expect(comment).toHaveAttribute('aria-expanded', 'true');
  await post.getByRole('option', { name: new RegExp(`@${first.name}$`) }).click();
  await expect(comment).toHaveValue(`Thanks @${first.name} `);
  await expect(comment).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(
    post
      .getByRole('listitem')
      .filter({ hasText: 'Thanks' })
      .getByRole('link', { name: `@${first.name}` }),
  ).toBeVisible();
  await expect(first.page.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
    'Notifications, 2 unread',
  );
  await expectAccessible(page);

  await writer.close();
  await first.close();
  await second.close();
});

test('when a member turns the daily email on in settings, then it stays on; a broken unsubscribe link says so', async ({
  browser,
}) => {
  const member = await newMember(browser, 'digest');
  const { page } = member;
  await page.goto('/settings');
  const box = page.getByRole('checkbox', { name: 'Email me a daily summary of my unread notifications' });
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(box).toBeEnabled();
  await page.reload();
  await expect(box).toBeChecked();
  await expectAccessible(page);

  await page.goto('/notifications/digest/unsubscribe?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Stop the daily email' })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/settings');
  await expect(box).toBeChecked();
  await member.close();
});
