import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';

test('when a phone whose browser reads Arabic opens the tracker, then it is in Arabic, right to left, fits 390 px, passes axe, and the switcher remembers English', async ({ browser, request }) => {
  const suffix = uniqueSuffix();
  const created = await createCaseViaApi(request, { case_number: `AR-${suffix}`, passport_number: `A${suffix}`, client_name: `Salma ${suffix}`, serviceIds: [1] });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ar' });
  const page = await phone.newPage();
  await page.goto('/casetracking');
  await expect(page.getByRole('heading', { name: 'تتبع طلبك' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByLabel('رقم الملف').fill(created.case_number);
  await page.getByLabel('رقم جواز السفر').fill(created.passport_number);
  await page.getByRole('button', { name: 'تحقق من الحالة' }).click();
  await expect(page.getByRole('heading', { name: 'متابعة تقدم الملف' })).toBeVisible();
  await expect(page.getByText('قيد المراجعة')).toBeVisible();
  await expect(page.getByRole('button', { name: 'سجّل الدخول لإرسال المستندات' })).toBeVisible();
  await expectAccessible(page);
  // Nothing wider than the phone: right to left needs no horizontal scrolling either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/casetracking-ar-390.png', fullPage: true });

  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await phone.close();
});

test('when a Hindi reader opens the tracker, then it is in Hindi, left to right', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'hi-IN' });
  const page = await context.newPage();
  await page.goto('/casetracking');
  await expect(page.getByRole('heading', { name: 'अपना आवेदन ट्रैक करें' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await context.close();
});
