import type { Page } from '@playwright/test';
import { tinyPng } from './cases-desk-helpers.js';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, staffHeaders, test } from './fixtures.js';
import { waitForMail } from './mailbox.js';
import { expectFitsWidth } from './screen-list.js';

/**
 * Issue 38's two journeys, at a desk's width and a phone's: a recruiter's morning over a realistic
 * agency (test/factories/agency.ts: five services, 60 cases of two or three services, 50 imported)
 * and an Arabic applicant sending a document from their phone.
 */

const casesRegion = (page: Page) => page.getByRole('region', { name: 'Cases', exact: true });

/** Arabic-Indic digits for ASCII ones: a passport typed on an Arabic keyboard. */
const arabicDigits = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ signedInAs: 'caseAdmin', viewport: { width, height: width > 1000 ? 900 : 844 } });

    test(`when a recruiter works through the morning at ${width} px, then they find cases by words, list everyone at a step, move a mixed selection, review a document in the queue and undo the acceptance`, async ({
      page,
      request,
      agency,
    }) => {
      test.slow();
      // The worker's agency, seeded once and shared (both widths read it); the cases this test moves
      // and the document it reviews are its own, so the agency stays as seeded for the next reader.
      const { suffix } = agency;
      const headers = await staffHeaders('caseAdmin');

      // Find by words: the name's words in another order, in lower case, without the hyphen.
      const target = agency.cases.find((item) => /^[A-Za-z]+ [A-Za-z -]+-[A-Za-z]+$/.test(item.name))!;
      expect(target, 'a Latin name with a hyphen').toBeDefined();
      const words = target.name
        .split(/[\s-]+/)
        .reverse()
        .map((word) => word.toLowerCase());
      await page.goto('/caseadmin/manage-cases');
      // The skip link leads past the sidebar to the page's content.
      await page.getByRole('link', { name: 'Skip to content' }).focus();
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.getByLabel('Search cases').fill(words.join(' '));
      await expect(casesRegion(page).getByRole('link', { name: target.caseNumber, exact: true })).toBeVisible();
      const rows = casesRegion(page).locator('tbody tr');
      // A table from 1024 px up, cards on a phone.
      await expect
        .poll(() => rows.first().evaluate((row) => getComputedStyle(row).display))
        .toBe(width >= 1024 ? 'table-row' : 'block');

      // The agency's 60 cases as a table at every desk width (issue 38's "Done when"): a page of 20
      // multi-service rows, loaded once, then the window resized.
      if (width > 1000) {
        await page.goto(`/caseadmin/manage-cases?q=${suffix}`);
        await expect(rows).toHaveCount(20);
        for (const desk of [1024, 1280, 1920, width]) {
          await page.setViewportSize({ width: desk, height: 900 });
          await expect
            .poll(() =>
              rows.evaluateAll((all) => all.filter((row) => getComputedStyle(row).display !== 'table-row').length),
            )
            .toBe(0);
          await expectFitsWidth(page);
        }
      }

      // Everyone at a step: the service and step filters, in the address.
      const service = agency.services[0]!;
      const step = service.steps[1]!;
      const atStep = agency.cases.filter((item) => {
        const position = item.services.indexOf(0);
        return position >= 0 && item.stepsDone[position] === 1;
      });
      expect(atStep.length).toBeGreaterThan(0);
      await page.goto(`/caseadmin/manage-cases?q=${suffix}&service=${service.id}&step=${step.id}&sortBy=case_number`);
      await expect(page.getByLabel('Step', { exact: true })).toHaveValue(String(step.id));
      await expect(rows).toHaveCount(Math.min(atStep.length, 20));
      for (const item of atStep.slice(0, 3))
        await expect(casesRegion(page).getByRole('link', { name: item.caseNumber, exact: true })).toBeVisible();

      // A mixed selection: how many have each service, and those moved; the outcome stays. Three
      // cases of this test's own, made like the agency's (the first two services each share two).
      const own = uniqueSuffix();
      const chosen: { caseNumber: string; id: number; services: number[] }[] = [];
      for (const [index, [name, services]] of (
        [
          ['Nguyễn Thị Adebayo-Okonkwo', [0, 1]],
          ['فاطمة الزهراء الحربي', [0]],
          ['राजेश कुमार वर्मा', [1, 2]],
        ] as const
      ).entries()) {
        const made = await createCaseViaApi(request, {
          case_number: `PW-2026-${index + 1}${own}`,
          passport_number: `K-${own.slice(-6)}${index}`,
          client_name: name,
          serviceIds: services.map((service) => agency.services[service]!.id),
        });
        chosen.push({ caseNumber: made.case_number, id: made.id, services: [...services] });
      }
      await page.goto(`/caseadmin/manage-cases?q=${own}&sortBy=case_number&order=ASC`);
      for (const item of chosen) await page.getByLabel(`Select ${item.caseNumber}`).check();
      const counts = agency.services.map((_, index) => chosen.filter((item) => item.services.includes(index)).length);
      const mixed = counts.findIndex((count) => count > 0 && count < chosen.length);
      expect(mixed, 'a service some of the selected cases have and others not').toBeGreaterThanOrEqual(0);
      const movedService = agency.services[mixed]!;
      const bar = page.getByRole('region', { name: 'Move selected cases' });
      // The bar says how many selected cases have each service.
      await expect(bar).toContainText(`${movedService.name} ${counts[mixed]}`);
      await bar.getByLabel('Service').selectOption({ label: movedService.name });
      const lastStep = movedService.steps.at(-1)!;
      await bar.getByLabel('New step').selectOption(lastStep.name);
      await bar.getByRole('button', { name: /^Move / }).click();
      const outcome = page.getByText(`${counts[mixed]} case(s) moved to “${lastStep.name}” in ${movedService.name}`);
      await expect(outcome).toBeVisible();
      await expect(outcome).toContainText(`${3 - counts[mixed]!} selected case(s) without`);

      // A document reviewed in the queue, beside its preview; the acceptance undone (on a case of its own).
      const reviewed = chosen[2]!;
      const document = agency.services[reviewed.services[0]!]!.documents.find((item) => item.required)!;
      const sent = await request.post(`/api/caseadmin/cases/${reviewed.id}/documents/${document.id}`, {
        headers,
        multipart: { file: { name: 'passport.png', mimeType: 'image/png', buffer: tinyPng } },
      });
      expect(sent.status()).toBe(201);
      await page.goto('/caseadmin/documents');
      await page.getByRole('button', { name: `Review ${document.name} of ${reviewed.caseNumber}` }).click();
      await expect(page.getByRole('img', { name: `${document.name} sent for ${reviewed.caseNumber}` })).toBeVisible();
      await page.getByRole('button', { name: `Accept ${document.name}`, exact: true }).click();
      const decision = page.getByText(`${document.name} of ${reviewed.caseNumber} accepted.`);
      await expect(decision).toBeVisible();
      await expect(page.getByRole('button', { name: `Review ${document.name} of ${reviewed.caseNumber}` })).toHaveCount(
        0,
      );
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(
        page.getByRole('button', { name: `Review ${document.name} of ${reviewed.caseNumber}` }),
      ).toBeVisible();
      if (width > 1000) await expectAccessible(page);
    });

    test(`when an Arabic applicant uses their phone at ${width} px, then they look up the case, see action is needed, sign in, photograph and send a document, see it awaiting review where they are, read its refusal in Arabic and send it again`, async ({
      browser,
      request,
    }) => {
      test.slow();
      const suffix = uniqueSuffix();
      const headers = await staffHeaders('caseAdmin');
      const service = await request.post('/api/caseadmin/services', {
        headers,
        data: { name: `Work Visa ${suffix}`, translations: { ar: { name: `تأشيرة العمل ${suffix}` } } },
      });
      expect(service.status()).toBe(201);
      const serviceId = ((await service.json()) as { id: number }).id;
      for (const [index, [name, arabic]] of [
        ['Medical Fitness Examination', 'فحص اللياقة الطبية'],
        ['Visa Issued', 'صدرت التأشيرة'],
      ].entries())
        expect(
          (
            await request.post(`/api/caseadmin/services/${serviceId}/steps`, {
              headers,
              data: { name, sequence: index + 1, translations: { ar: { name: arabic } } },
            })
          ).status(),
        ).toBe(201);
      for (const [name, arabic, required] of [
        ['Passport copy', 'نسخة من جواز السفر', true],
        ['Old employment letter', 'خطاب العمل السابق', false],
      ] as const)
        expect(
          (
            await request.post(`/api/caseadmin/services/${serviceId}/documents`, {
              headers,
              data: { name, required, translations: { ar: { name: arabic } } },
            })
          ).status(),
        ).toBe(201);
      const email = `amal-${suffix.toLowerCase()}@example.test`;
      const passport = `P${Date.now() % 10_000_000}`;
      const created = await request.post('/api/caseadmin/cases', {
        headers,
        data: {
          case_number: `AR-${suffix}`,
          passport_number: passport,
          client_name: 'أمل الحربي',
          client_email: email,
          applicant_language: 'ar',
          serviceIds: [serviceId],
        },
      });
      expect(created.status()).toBe(201);
      const { case_number: caseNumber, id: caseId } = (
        (await created.json()) as { newCase: { case_number: string; id: number } }
      ).newCase;

      const phone = await browser.newContext({
        viewport: { width, height: width > 1000 ? 900 : 844 },
        isMobile: width < 1000,
        hasTouch: width < 1000,
        locale: 'ar',
      });
      const page = await phone.newPage();
      await page.goto('/casetracking');
      // The number without its dash, the passport in Arabic-Indic digits.
      await page.getByLabel('رقم الملف').fill(caseNumber.replace('-', '').toLowerCase());
      await page.getByLabel('رقم جواز السفر').fill(`P${arabicDigits(passport.slice(1))}`);
      await page.getByRole('button', { name: 'تحقق من الحالة' }).click();
      await expect(page.getByRole('heading', { name: 'مطلوب منك إجراء' })).toBeVisible();
      await expect(page.getByText(/^مستندات مطلوبة لم تُرسل بعد: (1|١)$/)).toBeVisible();
      await expect(page.getByRole('heading', { name: `تأشيرة العمل ${suffix}` })).toBeVisible();
      await page.getByRole('link', { name: 'سجّل الدخول لإرسال مستنداتك' }).click();
      await page.getByRole('button', { name: 'سجّل الدخول لإرسال المستندات' }).click();
      const mail = await waitForMail({ to: email, subject: 'تسجيل الدخول إلى الملف' });
      const link = mail.links.find((href) => href.includes('/casetracking/case?token='));
      expect(link).toBeDefined();
      await page.goto(link!);

      // The case page opens at the checklist: required first, the optional one marked.
      const checklist = page.getByRole('region', { name: 'المستندات' });
      await expect(checklist.getByRole('heading', { name: 'المستندات' })).toBeInViewport();
      const entries = checklist.getByRole('listitem');
      await expect(entries.first()).toHaveAccessibleName('نسخة من جواز السفر');
      await expect(entries.nth(1)).toContainText('اختياري');
      const passportEntry = checklist.getByRole('listitem', { name: 'نسخة من جواز السفر' });
      await expect(passportEntry.getByText('التقط صورة')).toBeVisible();
      // Every upload passes here; the first is held until its progress bar has been seen.
      const uploads: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/applicant/documents/**', async (route) => {
        uploads.push(route.request().url());
        await held;
        await route.continue();
      });
      if (width < 1000) {
        // A phone's photo over the limit (10 MiB here) is refused before anything is sent.
        await passportEntry.locator('input[capture]').setInputFiles({
          name: 'IMG_20261127_091502.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
        });
        await expect(
          passportEntry.getByText(/^حجم هذا الملف .+، والحد الأقصى .+\. يرجى إرسال صورة أو ملف PDF أصغر\.$/),
        ).toBeVisible();
        expect(uploads).toEqual([]);
      }
      await passportEntry
        .locator('input[capture]')
        .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: tinyPng });
      await expect(passportEntry.getByRole('progressbar', { name: 'جارٍ إرسال نسخة من جواز السفر' })).toBeVisible();
      // The bar shows as the browser starts sending; the route handler may see the request a moment later.
      await expect.poll(() => uploads.length).toBe(1);
      release();
      const status = passportEntry.getByText('بانتظار المراجعة');
      await expect(status).toBeInViewport();
      // What was sent, as a thumbnail of the photo and its name.
      await expect(passportEntry.getByText('تم الإرسال: passport.png')).toBeVisible();
      await expect(passportEntry.locator('img')).toHaveAttribute('src', /^blob:/);
      await expect(passportEntry.getByRole('progressbar')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'نسخة من جواز السفر: بانتظار المراجعة' })).toHaveCount(1);
      // Axe once per screen: on the phone (at the desk's width it is the same page in the same state).
      if (width < 1000) await expectAccessible(page);

      // Refused with a reason from the list: the applicant reads it in Arabic.
      const reasons = (await (await request.get('/api/caseadmin/refusal-reasons', { headers })).json()) as {
        id: number;
        text: string;
      }[];
      const blurred = reasons.find((reason) => reason.text.startsWith('The photo is blurred'))!;
      const details = (await (await request.get(`/api/caseadmin/cases/${caseId}`, { headers })).json()) as {
        documents: { id: number | null; name: string }[];
      };
      const queued = details.documents.find((item) => item.name === 'Passport copy')!;
      expect(
        (
          await request.post(`/api/caseadmin/documents/${queued.id}/review`, {
            headers,
            data: { decision: 'rejected', reasonId: blurred.id },
          })
        ).status(),
      ).toBe(200);
      await page.reload();
      await expect(passportEntry).toContainText('الصورة غير واضحة أو مظلمة ولا يمكن قراءتها.');
      await expect(passportEntry.getByText('مرفوض')).toBeVisible();
      await passportEntry
        .locator('input:not([capture])')
        .setInputFiles({ name: 'passport-again.png', mimeType: 'image/png', buffer: tinyPng });
      await expect(passportEntry.getByText('بانتظار المراجعة')).toBeInViewport();
      await phone.close();
    });
  });
}
