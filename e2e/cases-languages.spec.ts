import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, staffHeaders, test } from './fixtures.js';
import { waitForMail } from './mailbox.js';

const PHONE_WIDTH = 390;

/**
 * The screenshot's case: always the same number, passport, service and steps, so the picture is
 * the same on every run whatever other specs do to the seeded services. Created once per
 * database; a run on a database that has them already reuses them.
 */
const screenshotCase = { case_number: 'AR-0390', passport_number: 'A0390', client_name: 'Salma Haddad' };
const screenshotService = {
  name: 'Residence Permit (AR-0390)',
  steps: ['Application Received', 'Medical Check', 'Permit Issued'],
};
async function ensureScreenshotCase(request: APIRequestContext): Promise<void> {
  const headers = await staffHeaders('caseAdmin');
  const services = (await (await request.get('/api/caseadmin/services', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  let serviceId = services.find((service) => service.name === screenshotService.name)?.id;
  if (serviceId === undefined) {
    const created = await request.post('/api/caseadmin/services', { data: { name: screenshotService.name }, headers });
    expect(created.status()).toBe(201);
    serviceId = ((await created.json()) as { id: number }).id;
    for (const [index, name] of screenshotService.steps.entries()) {
      expect(
        (
          await request.post(`/api/caseadmin/services/${serviceId}/steps`, {
            data: { name, sequence: index + 1 },
            headers,
          })
        ).status(),
      ).toBe(201);
    }
  }
  const response = await request.post('/api/caseadmin/cases', {
    data: { ...screenshotCase, serviceIds: [serviceId] },
    headers,
  });
  expect([201, 409]).toContain(response.status());
}

/** Where the words of an element sit on screen (its text, not its full-width block). */
const textBox = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });

test('when a phone whose browser reads Arabic opens the tracker, then it is in Arabic, right to left, laid out for 390 px as the baseline shows, passes axe, and the switcher remembers English', async ({
  browser,
  request,
}) => {
  await ensureScreenshotCase(request);
  const phone = await browser.newContext({
    viewport: { width: PHONE_WIDTH, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ar',
  });
  const page = await phone.newPage();
  await page.goto('/casetracking');
  await expect(page.getByRole('heading', { name: 'تتبع طلبك' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // From a fresh page, Tab reaches the language switcher.
  let reached = false;
  for (let presses = 0; presses < 15 && !reached; presses++) {
    await page.keyboard.press('Tab');
    reached = await page.getByLabel('اللغة').evaluate((element) => element === document.activeElement);
  }
  expect(reached, 'the language switcher is reachable by Tab').toBe(true);

  await page.getByLabel('رقم الملف').fill(screenshotCase.case_number);
  await page.getByLabel('رقم جواز السفر').fill(screenshotCase.passport_number);
  await page.getByRole('button', { name: 'تحقق من الحالة' }).click();
  await expect(page.getByRole('heading', { name: 'متابعة تقدم الملف' })).toBeVisible();
  await expect(page.getByText('قيد المراجعة')).toBeVisible();
  await expect(page.getByRole('button', { name: 'سجّل الدخول لإرسال المستندات' })).toBeVisible();
  await expectAccessible(page);

  // The layout, in numbers that do not depend on fonts or pixels: nothing wider than the phone,
  // headings and labels start at the right edge, and the switcher is on the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  for (const selector of ['main h1', 'main label', 'main h2']) {
    const { left, right } = await textBox(page, selector);
    expect(right, `${selector} ends near the right edge`).toBeGreaterThan(PHONE_WIDTH - 48);
    expect(PHONE_WIDTH - right, `${selector} is closer to the right edge than to the left`).toBeLessThan(left);
  }
  const switcher = page.getByLabel('اللغة');
  const box = await switcher.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);

  // The picture: compared with the committed baseline (e2e/cases-languages.spec.ts-snapshots/).
  // Dates change every day, so they are masked; the font is pinned to DejaVu Sans (Debian's
  // fonts-dejavu-core, which has the Arabic letters) so another installed font cannot move the text.
  // From the top: the lookup scrolls to its result, and the sticky header would be drawn where the scroll left it.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  // The pointer off every control: the button just pressed would be drawn in its hover colour.
  await page.mouse.move(1, 1);
  await expect(page).toHaveScreenshot('tracker-ar-390.png', {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.getByText(/^آخر تحديث/), page.getByText(/^الموعد المتوقع للإنجاز/)],
    stylePath: 'e2e/screenshot.css',
    maxDiffPixelRatio: 0.005,
  });

  await switcher.selectOption('en');
  await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await phone.close();
});

test('when an Arabic reader subscribes on the tracker, then the confirmation email and the confirm page say it in Arabic, and a dead link is explained in Arabic too', async ({
  browser,
  request,
}) => {
  await ensureScreenshotCase(request);
  const email = `subscriber-${uniqueSuffix().toLowerCase()}@example.test`;
  const phone = await browser.newContext({
    viewport: { width: PHONE_WIDTH, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ar',
  });
  const page = await phone.newPage();
  await page.goto('/casetracking');
  await page.getByLabel('رقم الملف').fill(screenshotCase.case_number);
  await page.getByLabel('رقم جواز السفر').fill(screenshotCase.passport_number);
  await page.getByRole('button', { name: 'تحقق من الحالة' }).click();
  await page.getByLabel('بريدك الإلكتروني').fill(email);
  await page.getByRole('button', { name: 'راسلني' }).click();
  await expect(page.getByText('تحقق من بريدك')).toBeVisible();

  // The case number is isolated (U+2068 … U+2069) so it keeps its order in the Arabic subject.
  const mail = await waitForMail({
    to: email,
    subject: `تأكيد رسائل التحديثات للملف \u2068${screenshotCase.case_number}\u2069`,
  });
  expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
  await page.goto(mail.links.find((link) => link.includes('/casetracking/confirm?token='))!);
  await expect(page.getByRole('status').filter({ hasText: 'تم التأكيد' })).toHaveText(
    `تم التأكيد: ستصلك رسالة عند كل تغيير في الملف ${screenshotCase.case_number}.`,
  );
  await expectAccessible(page);

  await page.goto(`/casetracking/confirm?token=${'x'.repeat(32)}`);
  await expect(page.getByText('هذا الرابط لم يعد صالحًا. اشترك مرة أخرى من صفحة المتابعة.')).toBeVisible();
  await expect(page).toHaveTitle('رسائل التحديثات · Pathway');
  await phone.close();
});

test('when a Hindi reader opens the tracker, then it is in Hindi, left to right', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'hi-IN' });
  const page = await context.newPage();
  await page.goto('/casetracking');
  await expect(page.getByRole('heading', { name: 'अपना आवेदन ट्रैक करें' })).toBeVisible();
  // The title from the catalogue, in the page the server drew and once the browser has taken over.
  const drawn = await (
    await page.request.get('/casetracking', { headers: { accept: 'text/html', 'accept-language': 'hi-IN' } })
  ).text();
  expect(drawn).toContain('<title>अपना आवेदन ट्रैक करें · Pathway</title>');
  await expect(page).toHaveTitle('अपना आवेदन ट्रैक करें · Pathway');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await context.close();
});
