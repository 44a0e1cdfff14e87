import type { Browser } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { createPost, memberBrowser, moderatorBrowser } from './network-helpers.js';
import { workerApp } from './worker-app.js';

/** A real 1×1 PNG: the server judges files by their content. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** A new member in a browser of their own, on the feed. */
const newMember = (browser: Browser, prefix: string) => memberBrowser(browser, { name: unique(prefix) });

test('when a member reports a post, then a moderator removes it and suspends its author for a day, the author sees the suspension and the reporter is told', async ({
  browser,
}) => {
  const author = await newMember(browser, 'spammer');
  const reporter = await newMember(browser, 'reporter');
  const moderator = await moderatorBrowser(browser);
  const text = `Cheap followers, DM me ${unique('')}`;

  await createPost(author.context, text);

  // The reporter reports it from the post's action menu; members see no moderation entry.
  await expect(reporter.page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  const post = reporter.page.getByRole('article').filter({ hasText: text });
  await post.getByRole('button', { name: `Actions for the post by Member ${author.name}` }).click();
  await reporter.page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByLabel('Anything the moderators should know? (optional)').fill('Selling followers');
  await expectAccessible(reporter.page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(reporter.page.getByText('Thanks: the moderators will review this post.')).toBeVisible();

  // The moderator's queue has it; they remove it and suspend its author for a day, with a reason.
  await moderator.page.getByRole('link', { name: 'Moderation' }).click();
  await expect(moderator.page).toHaveURL(/\/moderation$/);
  const group = moderator.page.getByRole('article').filter({ hasText: text });
  await expect(group.getByRole('heading')).toHaveText(`1 report about a post by Member ${author.name}`);
  await expect(group).toContainText('Reasons: spam (1)');
  await expect(group).toContainText('Selling followers');
  await expectAccessible(moderator.page);
  await group.getByLabel('Decision', { exact: true }).selectOption('suspend');
  await group.getByLabel('Days suspended').fill('1');
  await group.getByLabel('Reason (shown to the author)').fill('Advertising is not allowed here');
  await group.getByRole('button', { name: 'Apply' }).click();
  await expect(moderator.page.getByText(`Post removed and Member ${author.name} suspended.`)).toBeVisible();
  await expect(group).toHaveCount(0);
  const logEntry = moderator.page
    .getByRole('list', { name: 'Moderation decisions' })
    .getByRole('listitem')
    .filter({ hasText: text });
  await expect(logEntry).toContainText(`removed the post and suspended Member ${author.name} until`);
  await expect(logEntry).toContainText('Why: Advertising is not allowed here');

  // The post leaves every feed live; the author, on their next page, sees why and until when.
  await expect(reporter.page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await expect(author.page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await author.page.reload();
  const banner = author.page.getByRole('status', { name: 'Your account is suspended' });
  await expect(banner).toContainText('Your account is suspended until');
  await expect(banner).toContainText('Reason: Advertising is not allowed here');
  await expectAccessible(author.page);
  // The composer says so before they write (the server refuses their writes with the same reason).
  await expect(author.page.getByRole('button', { name: 'Start a post' })).toBeDisabled();
  await expect(author.page.getByRole('button', { name: 'Start a post' })).toHaveAccessibleDescription(
    /^You cannot post until .*: your account is suspended\. Reason: Advertising is not allowed here$/,
  );

  // The removal's notification leads to the banner's appeal form.
  await author.page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(author.page.getByText(`A moderator removed your post "${text}" and suspended you until`)).toBeVisible();
  await author.page.getByRole('link', { name: 'Appeal the suspension' }).click();
  await expect(author.page).toHaveURL(/#suspension$/);
  await expect(banner.getByRole('button', { name: 'Appeal this suspension' })).toBeVisible();

  // The reporter's bell counts the outcome live; the notification names the removed post.
  const bell = reporter.page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(reporter.page.getByText(`Thanks for your report: a moderator removed the post "${text}"`)).toBeVisible();
  await expectAccessible(reporter.page);
  await reporter.page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');

  await author.close();
  await reporter.close();
  await moderator.close();
});

test('when a suspended member appeals, then a moderator lifts the suspension from the appeals queue, puts the post back, and the member is told and may post again; a removal without a suspension is appealed from its notice and kept', async ({
  browser,
}) => {
  const author = await newMember(browser, 'appellant');
  const reporter = await newMember(browser, 'reporter');
  const moderator = await moderatorBrowser(browser);
  const origin = workerApp().url;
  const text = `Follow my page for free gifts ${unique('')}`;

  // Seeded through the API: the post, its report, and a week's suspension for it.
  const postId = await createPost(author.context, text);
  const reported = await reporter.context.request.post(`/api/network/posts/${postId}/reports`, {
    headers: { origin },
    data: { reason: 'spam' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const resolved = await moderator.page.request.post(`/api/network/moderation/reports/${postId}/resolve`, {
    headers: { origin },
    data: { action: 'suspend', days: 7, note: 'Advertising is not allowed here' },
  });
  expect(resolved.status(), await resolved.text()).toBe(200);

  // The author appeals from the suspension notice.
  await author.page.reload();
  const banner = author.page.getByRole('status', { name: 'Your account is suspended' });
  await expect(banner).toContainText('Reason: Advertising is not allowed here');
  await banner.getByRole('button', { name: 'Appeal this suspension' }).click();
  await banner
    .getByLabel('Why should a moderator lift or shorten it? (you can appeal once)')
    .fill('I did not know gifts counted as advertising. It will not happen again.');
  await expectAccessible(author.page);
  await banner.getByRole('button', { name: 'Send appeal' }).click();
  await expect(banner).toContainText('A moderator will answer it');
  await expect(banner.getByRole('button', { name: 'Appeal this suspension' })).toHaveCount(0);

  // The moderator finds it in the appeals queue, beside the suspension and the author's history, and lifts it.
  await moderator.page.goto('/moderation');
  const appeal = moderator.page
    .getByRole('region', { name: 'Appeals' })
    .getByRole('article')
    .filter({ hasText: 'I did not know gifts counted as advertising' });
  await expect(appeal.getByRole('heading')).toHaveText(`Appeal by Member ${author.name}`);
  await expect(appeal).toContainText(text);
  await expect(appeal.getByRole('region', { name: `History of Member ${author.name}` })).toContainText(
    '1 earlier report, 1 post removed, 1 suspension.',
  );
  await expectAccessible(moderator.page);
  await appeal.getByLabel('Decision', { exact: true }).selectOption('lift');
  await appeal.getByLabel('Reason (shown to the member)').fill('First offence; apology accepted');
  // The appeal showed the post was fine too: it comes back in the same decision (issue 39).
  await appeal.getByLabel('Also put the removed post back').check();
  await appeal.getByRole('button', { name: 'Apply' }).click();
  await expect(moderator.page.getByText('Suspension lifted. The post is back.')).toBeVisible();
  await expect(appeal).toHaveCount(0);
  const decisions = moderator.page.getByRole('list', { name: 'Moderation decisions' }).getByRole('listitem');
  await expect(decisions.filter({ hasText: `lifted the suspension of Member ${author.name}` })).toContainText(
    'Why: First offence; apology accepted',
  );
  await expect(decisions.filter({ hasText: `put back the post by Member ${author.name}` })).toContainText(text);
  // Undone, the removal offers no second undo.
  await expect(
    decisions.filter({ hasText: `removed the post and suspended Member ${author.name}` }).getByRole('button', {
      name: 'Put the post back',
    }),
  ).toHaveCount(0);

  // The author is told, the notice is gone, and posting works again.
  await author.page.reload();
  await expect(author.page.getByRole('status', { name: 'Your account is suspended' })).toHaveCount(0);
  await author.page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(
    author.page.getByText('A moderator lifted your suspension. Reason: First offence; apology accepted'),
  ).toBeVisible();
  await expect(
    author.page.getByText(`A moderator put your post "${text}" back. Reason: First offence; apology accepted`),
  ).toBeVisible();

  // A removal without a suspension is appealed from its notice (issue 39). Seeded through the API:
  // a photo post, its report, and its removal.
  const photoText = `Our ward at night ${unique('')}`;
  const posted = await author.context.request.post('/api/network/posts', {
    headers: { origin },
    multipart: { description: photoText, media: { name: 'ward.png', mimeType: 'image/png', buffer: tinyPng } },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const photoId = ((await posted.json()) as { id: string }).id;
  const photoReported = await reporter.context.request.post(`/api/network/posts/${photoId}/reports`, {
    headers: { origin },
    data: { reason: 'other' },
  });
  expect(photoReported.status(), await photoReported.text()).toBe(201);
  const removed = await moderator.page.request.post(`/api/network/moderation/reports/${photoId}/resolve`, {
    headers: { origin },
    data: { action: 'remove', note: 'Patients may be recognisable' },
  });
  expect(removed.status(), await removed.text()).toBe(200);
  await author.page.reload();
  const notice = author.page
    .getByRole('listitem')
    .filter({ hasText: `A moderator removed your post "${photoText}". Reason: Patients may be recognisable` });
  await notice.getByRole('button', { name: 'Appeal this removal' }).click();
  await notice
    .getByLabel('Why should a moderator put your post back? (you can appeal once)')
    .fill('Nobody is in the photo: it is the empty ward at night.');
  await expectAccessible(author.page);
  await notice.getByRole('button', { name: 'Send appeal' }).click();
  await expect(notice).toContainText('You appealed. A moderator will answer it');

  // The moderator sees it in the appeals queue with the post and its photo, blurred, and keeps the removal.
  await moderator.page.reload();
  const removalAppeal = moderator.page
    .getByRole('region', { name: 'Appeals' })
    .getByRole('article')
    .filter({ hasText: 'Nobody is in the photo' });
  await expect(removalAppeal.getByRole('heading')).toHaveText(`Appeal of a removal by Member ${author.name}`);
  await expect(removalAppeal).toContainText(photoText);
  const photo = removalAppeal.getByRole('img', { name: 'The reported picture (blurred)' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await removalAppeal.getByLabel('Decision', { exact: true }).selectOption('uphold');
  await removalAppeal.getByLabel('Reason (shown to the member)').fill('A patient’s bed is in the photo');
  await removalAppeal.getByRole('button', { name: 'Apply' }).click();
  await expect(moderator.page.getByText('Removal kept.')).toBeVisible();
  await expect(removalAppeal).toHaveCount(0);
  await expect(
    decisions.filter({ hasText: `kept, on appeal, the removal of the post by Member ${author.name}` }),
  ).toContainText('Why: A patient’s bed is in the photo');

  // The author is told, under the notice, and cannot appeal it again.
  await author.page.reload();
  await expect(
    author.page.getByText(
      `A moderator reviewed your appeal and kept your post "${photoText}" removed. Reason: A patient’s bed is in the photo`,
    ),
  ).toBeVisible();
  await expect(notice).toContainText('A moderator answered your appeal');
  await expect(notice.getByRole('button', { name: 'Appeal this removal' })).toHaveCount(0);

  const back = await createPost(author.context, `Back within the rules ${unique('')}`);
  // The worker's feed is shared with the specs after this one (network.spec.ts opens on an empty feed).
  for (const id of [back, postId]) {
    const removed = await author.context.request.delete(`/api/network/posts/${id}`, { headers: { origin } });
    expect(removed.ok(), await removed.text()).toBe(true);
  }

  await author.close();
  await reporter.close();
  await moderator.close();
});
