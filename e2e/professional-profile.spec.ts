import { expect, expectAccessible, test } from './fixtures.js';
import { createMember, createPost, uniqueName } from './network-helpers.js';
import { workerApp } from './worker-app.js';

test('when a member adds their employer in Settings, then another member finds them by it in search and sees their professional profile, and their posts carry the headline', async ({
  page,
  browser,
}) => {
  const employer = `St Mary's Hospital ${uniqueName('trust')}`;
  const nurse = await createMember(page.context(), {
    name: uniqueName('nurse'),
    displayName: 'Nadia Al-Haddad',
    professional: {
      headline: 'Nurse recruiter · مسؤولة توظيف',
      role: 'Nurse recruiter',
      location: 'Riyadh, الرياض',
      about: 'Hiring ICU nurses for night rotas.',
    },
  });
  await createPost(page.context(), 'We are hiring ICU nurses');

  // The member adds the employer in Settings.
  await page.goto('/settings');
  await page.getByLabel('Employer').fill(employer);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();

  // Another member searches the employer and finds her, with her line.
  const other = await browser.newContext({ baseURL: workerApp().url });
  await createMember(other, { name: uniqueName('hr') });
  const search = await other.newPage();
  await search.goto(`/search?q=${encodeURIComponent(employer)}`);
  const found = search.getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`@${nurse.name} · Nurse recruiter · مسؤولة توظيف · ${employer}`);
  await expectAccessible(search);

  // Her profile says who she is; her post's header carries the headline.
  await found.getByRole('link', { name: 'Nadia Al-Haddad' }).click();
  const profile = search.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('heading', { name: 'Nadia Al-Haddad', level: 1 })).toBeVisible();
  await expect(profile).toContainText('Nurse recruiter · مسؤولة توظيف');
  await expect(profile).toContainText(`Nurse recruiter at ${employer}`);
  await expect(profile).toContainText('Riyadh, الرياض');
  await expect(profile).toContainText('Hiring ICU nurses for night rotas.');
  await expect(
    search.getByRole('article', { name: 'Post by Nadia Al-Haddad' }).getByText('Nurse recruiter · مسؤولة توظيف'),
  ).toBeVisible();
  await other.close();
});
