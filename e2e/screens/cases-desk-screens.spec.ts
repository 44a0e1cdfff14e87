import type { Browser, Page } from '@playwright/test';
import { seedAgency } from '../../test/factories/agency.js';
import { requestAgencyApi, tinyPng } from '../cases-desk-helpers.js';
import { uniqueSuffix } from '../cases-helpers.js';
import { expect, expectAccessible, signInAs, staffHeaders, test } from '../fixtures.js';
import { waitForMail } from '../mailbox.js';
import { expectFitsWidth } from '../screen-list.js';

/*
 * `npm run screens`, issue 38's two journeys over a realistic agency (test/factories/agency.ts):
 * the staff desk (the list, everyone at a step, the review queue with a document open) and the
 * Arabic applicant's tracker result and case page, at 390, 1440 and 1920 px in light and dark, into
 * test-results/screens/cases-desk-*.png; each fits its width and axe finds nothing serious.
 */

test.describe.configure({ mode: 'parallel' });

const widths = [390, 1440, 1920];

async function shoot(page: Page, name: string, open: () => Promise<void>) {
  for (const dark of [false, true]) {
    await page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await open();
      await expectFitsWidth(page);
      await expectAccessible(page);
      await page.screenshot({
        path: `test-results/screens/cases-desk-${name}-${width}-${dark ? 'dark' : 'light'}.png`,
        fullPage: true,
      });
    }
  }
}

test('when the staff desk is shown with 60 realistic multi-service cases at 390, 1440 and 1920 px in light and dark, then it fits, axe finds no serious violation and screenshots are saved', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const headers = await staffHeaders('caseAdmin');
  const agency = await seedAgency(requestAgencyApi(request, headers), { suffix });
  const target = agency.cases[0]!;
  const document = agency.services[target.services[0]!]!.documents.find((item) => item.required)!;
  expect(
    (
      await request.post(`/api/caseadmin/cases/${target.id}/documents/${document.id}`, {
        headers,
        multipart: { file: { name: 'passport.png', mimeType: 'image/png', buffer: tinyPng } },
      })
    ).status(),
  ).toBe(201);
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/dashboard');
  const service = agency.services[0]!;
  await shoot(page, 'list', async () => {
    await page.goto(`/caseadmin/manage-cases?q=${suffix}`);
    await expect(page.getByRole('region', { name: 'Cases', exact: true }).locator('tbody tr')).toHaveCount(20);
  });
  await shoot(page, 'at-step', async () => {
    await page.goto(`/caseadmin/manage-cases?q=${suffix}&service=${service.id}&step=${service.steps[1]!.id}`);
    await expect(page.getByLabel('Step', { exact: true })).toHaveValue(String(service.steps[1]!.id));
  });
  await shoot(page, 'review-queue', async () => {
    await page.goto('/caseadmin/documents');
    await page.getByRole('button', { name: `Review ${document.name} of ${target.caseNumber}` }).click();
    await expect(page.getByRole('img', { name: `${document.name} sent for ${target.caseNumber}` })).toBeVisible();
  });
});

async function arabicPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'ar' });
  return { context, page: await context.newPage() };
}

test('when an Arabic applicant case is shown on the tracker and the case page at 390, 1440 and 1920 px in light and dark, then it fits, axe finds no serious violation and screenshots are saved', async ({
  browser,
  baseURL,
  request,
}) => {
  const suffix = uniqueSuffix();
  const headers = await staffHeaders('caseAdmin');
  const agency = await seedAgency(requestAgencyApi(request, headers), { suffix, count: 3 });
  const applicant = agency.cases.find((item) => item.email)!;
  const { context, page } = await arabicPhone(browser, baseURL);
  await page.goto('/casetracking');
  await shoot(page, 'tracker-ar', async () => {
    await page.goto(`/casetracking?case=${applicant.caseNumber}`);
    await page.getByLabel('رقم جواز السفر').fill(applicant.passport);
    await page.getByRole('button', { name: 'تحقق من الحالة' }).click();
    await expect(page.getByRole('heading', { name: 'مطلوب منك إجراء' })).toBeVisible();
  });
  await page.getByRole('button', { name: 'سجّل الدخول لإرسال المستندات' }).click();
  const mail = await waitForMail({ to: applicant.email!, subject: 'تسجيل الدخول إلى الملف' });
  await page.goto(mail.links.find((href) => href.includes('/casetracking/case?token='))!);
  await expect(page.getByRole('heading', { name: 'المستندات' })).toBeVisible();
  await shoot(page, 'case-page-ar', async () => {
    await page.goto('/casetracking/case');
    await expect(page.getByRole('heading', { name: 'المستندات' })).toBeVisible();
  });
  await context.close();
});
