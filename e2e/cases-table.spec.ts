import type { Page } from '@playwright/test';
import { seedAgency, type SeededService } from '../test/factories/agency.js';
import { requestAgencyApi } from './cases-desk-helpers.js';
import { chooseRowAction, createCaseViaApi, searchCases, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, staffHeaders, test } from './fixtures.js';
import { expectFitsWidth } from './screen-list.js';

// Every test here is the case admin's: the page starts signed in (the worker's session).
test.use({ signedInAs: 'caseAdmin' });

const casesRegion = (page: Page) => page.getByRole('region', { name: 'Cases', exact: true });
const names = [
  'Amína Okafor',
  'Zoë Brandt',
  'José García',
  'Søren Holm',
  'Łukasz Nowak',
  'Ömer Yılmaz',
  'Grace Mensah',
  'Priya Patel',
  'Karim Haddad',
  'Nadia Rahman',
];

test('when a recruiter opens Case Management at 1440 px, then at least 15 cases show as a table, with their current steps, without scrolling sideways', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  for (let i = 0; i < 20; i++) {
    // Two services each, as most cases have: a row then shows two current steps.
    await createCaseViaApi(request, {
      case_number: `TBL-${suffix}-${String(i).padStart(2, '0')}`,
      // A passport number of a real length (nine characters at most, by ICAO 9303): the desk's column
      // is sized for those, and a longer one is cut, which the widths sweep of the next tests would see.
      passport_number: `TB${suffix.slice(-5)}${String(i).padStart(2, '0')}`,
      client_name: `${names[i % names.length]} ${i}`,
      serviceIds: [1, 2],
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/caseadmin/manage-cases?q=TBL-${suffix}`);
  const rows = casesRegion(page).locator('tbody tr');
  await expect(rows).toHaveCount(20);

  // A table, not cards: the heading row is shown and the rows are laid out as table rows.
  await expect(casesRegion(page).getByRole('columnheader', { name: 'Current Step' })).toBeVisible();
  expect(await rows.first().evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
  // Each service's line names the service, then its step.
  await expect(rows.first().getByRole('cell').nth(5)).toContainText('Documents Verification · Documents Received');

  // At least 15 whole rows inside the window, at the page's first scroll position.
  const visible = await rows.evaluateAll(
    (all) => all.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(visible).toBeGreaterThanOrEqual(15);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );

  // Scrolled past the table's top (a shorter window, so the page can scroll that far), the heading row stays in view.
  await page.setViewportSize({ width: 1440, height: 600 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const headingTop = () =>
    casesRegion(page)
      .locator('thead th')
      .first()
      .evaluate((th) => Math.round(th.getBoundingClientRect().top));
  await expect.poll(headingTop).toBe(0);
  expect(
    await casesRegion(page)
      .locator('table')
      .evaluate((table) => table.getBoundingClientRect().top),
  ).toBeLessThan(-100);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1440, height: 900 });

  // Delete sits behind the row's menu, which opens and closes from the keyboard.
  await expect(casesRegion(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const menuButton = page.getByRole('button', { name: `Actions for TBL-${suffix}-19` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'View details' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expectAccessible(page);

  // At 1024 px it is still a table; on a phone the rows become cards.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect.poll(() => rows.first().evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => rows.first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
});

test('when a recruiter searches a client name without its accents, then its case is found, and the search and filters stay in the address', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const wanted = await createCaseViaApi(request, {
    case_number: `NAME-${suffix}`,
    passport_number: `N${suffix}`,
    client_name: `Amína Okafor-${suffix}`,
    serviceIds: [1],
  });
  await createCaseViaApi(request, {
    case_number: `OTHER-${suffix}`,
    passport_number: `O${suffix}`,
    client_name: `Zoë Brandt-${suffix}`,
    serviceIds: [1],
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/caseadmin/manage-cases');

  await searchCases(page, `amina okafor-${suffix.toLowerCase()}`);
  const rows = casesRegion(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(wanted.case_number);
  await expect(rows.first()).toContainText(`Amína Okafor-${suffix}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=amina`));

  // A filter joins the search in the address; a reload keeps both, and Back undoes the filter.
  await page.getByLabel('Status').selectOption('Completed');
  await expect(page.getByText('No cases match these filters.')).toBeVisible();
  await expect(page).toHaveURL(/status=Completed/);
  await page.reload();
  await expect(page.getByLabel('Search cases')).toHaveValue(`amina okafor-${suffix.toLowerCase()}`);
  await expect(page.getByLabel('Status')).toHaveValue('Completed');
  await page.goBack();
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(rows).toHaveCount(1);

  // The passport number finds it too; the case number opens its details.
  await searchCases(page, `n${suffix.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`q=n${suffix.toLowerCase()}`));
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: wanted.case_number, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Case Details' })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Search cases')).toHaveValue(`n${suffix.toLowerCase()}`);
  await chooseRowAction(page, wanted.case_number, 'Edit');
  await expect(page.getByRole('dialog', { name: 'Edit Case' })).toBeVisible();
  await expectAccessible(page);
});

test('when the case list is shown at any width, then case and passport numbers are never broken across lines', async ({
  page,
  request,
}) => {
  // A number shaped like the generated ones (dashes included), where a squeezed column used to break it.
  const caseNumber = `PW-2026-${uniqueSuffix().slice(-6)}`;
  await createCaseViaApi(request, {
    case_number: caseNumber,
    passport_number: 'P-WHOLE-1234',
    client_name: 'Whole Number Client',
    serviceIds: [],
  });
  // Its own row only (the worker's other specs leave cases with test-suffixed passport numbers longer
  // than any real one, which the desk's column cuts); on a phone the rows are cards, found by their text.
  await page.goto(`/caseadmin/manage-cases?q=${caseNumber}`);
  const row = page.locator('tr', { hasText: caseNumber });
  // One load, then the window is made narrower and wider: the layout follows the width, not the load.
  for (const width of [390, 768, 900, 1024, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toBeVisible();
    const lineCounts = await row
      .locator('td[data-label="Case Number"], td[data-label="Passport Number"]')
      .evaluateAll((cells) =>
        cells.map((cell) => {
          // The cell's text laid out on how many lines: one line box per distinct top of its text's
          // rectangles (text nodes only: an element's own box, such as the case number's link drawn
          // as a flex item on a card, starts above its text and would count as a line of its own).
          const tops = new Set<number>();
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
          }
          return tops.size;
        }),
      );
    expect(lineCounts, `at ${width}px`).toEqual([1, 1]);
    await expectFitsWidth(page);
  }
});

test('when the cases have 22-character numbers, long and Arabic names and three services at long steps, then Case Management is a table at 1024 to 1920 px whose columns no row can widen, one line per service with its name, sorted by how overdue from a heading', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const headers = await staffHeaders('caseAdmin');
  // The agency's services (test/factories/agency.ts), long step names included; no applicants.
  const { services } = await seedAgency(requestAgencyApi(request, headers), { count: 0 });
  const [visa, licence, attestation] = services as [SeededService, SeededService, SeededService];
  const messy = ['Nguyễn Thị García Fernández', 'عبد الرحمن بن عبد العزيز الحربي', 'Ramanathan Venkatasubramanian'];
  const numbers: string[] = [];
  for (const [index, name] of messy.entries()) {
    // 22 characters, as an agency's numbers with a branch and a year run.
    const caseNumber = `PW-2026-${index}${suffix}`.padEnd(22, 'X');
    numbers.push(caseNumber);
    const created = await createCaseViaApi(request, {
      case_number: caseNumber,
      passport_number: `N 4471 ${suffix.slice(-4)}${index}`,
      client_name: name,
      serviceIds: [visa.id, licence.id, attestation.id],
    });
    for (const service of [visa, licence, attestation]) {
      const response = await request.post('/api/caseadmin/cases/bulk-step', {
        headers,
        data: { caseIds: [created.id], serviceId: service.id, newStep: service.steps[1]!.name, notify: false },
      });
      expect(response.ok()).toBe(true);
    }
  }
  // A short case beside them: the list of it alone has the same columns as the list with the long ones.
  await createCaseViaApi(request, {
    case_number: `MSY-${suffix}`,
    passport_number: `P${suffix}`,
    client_name: 'Li Na',
    serviceIds: [1],
  });

  const headings = () =>
    casesRegion(page)
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));
  const rows = casesRegion(page).locator('tbody tr');
  // 1200: where the sidebar beside the content left the table too little room (cards until 1250 px).
  const widths = [1024, 1200, 1280, 1440, 1920];
  // Each list loaded once, then the window resized (the table fits itself to its place as it
  // changes: a frame later, its resize observer has run).
  const resize = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  };
  await resize(widths[0]!);
  await page.goto(`/caseadmin/manage-cases?q=MSY-${suffix}`);
  await expect(rows).toHaveCount(1);
  const alone = new Map<number, number[]>();
  for (const width of widths) {
    await resize(width);
    alone.set(width, await headings());
  }
  await resize(widths[0]!);
  await page.goto(`/caseadmin/manage-cases?q=${suffix}`);
  await expect(rows).toHaveCount(4);
  for (const width of widths) {
    await resize(width);
    // A table, not cards, with the same columns as for the short case alone.
    expect(await rows.first().evaluate((row) => getComputedStyle(row).display), `at ${width}px`).toBe('table-row');
    expect(await headings(), `at ${width}px`).toEqual(alone.get(width));
    await expectFitsWidth(page);
    for (const caseNumber of numbers) {
      const cell = rows.filter({ hasText: caseNumber }).locator('td[data-label="Case Number"]');
      // The whole number on one line: not broken, not cut.
      const { lines, cut } = await cell.evaluate((element) => ({
        lines: new Set(Array.from(element.querySelector('a')!.getClientRects()).map((rect) => Math.round(rect.top)))
          .size,
        cut: element.scrollWidth > element.clientWidth + 1,
      }));
      expect({ lines, cut }, `${caseNumber} at ${width}px`).toEqual({ lines: 1, cut: false });
    }
    // A name takes at most two lines; the steps column keeps a share of its own.
    const lineHeight = await rows
      .first()
      .locator('td[data-label="Client Name"] > span')
      .evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    for (const name of messy) {
      const height = await rows
        .filter({ hasText: name })
        .locator('td[data-label="Client Name"] > span')
        .evaluate((element) => element.getBoundingClientRect().height);
      expect(height, `${name} at ${width}px`).toBeLessThanOrEqual(2 * lineHeight + 1);
    }
    const steps = await rows
      .first()
      .locator('td[data-label="Current Step"]')
      .evaluate((cell) => cell.getBoundingClientRect().width);
    expect(steps, `the steps column at ${width}px`).toBeGreaterThanOrEqual(110);
    // One line per service, "Work Visa · Medical Fitness Examination": the long names cut on that
    // line (the columns above did not move), the whole line in its tooltip.
    const lines = await rows
      .filter({ hasText: numbers[0]! })
      .locator('td[data-label="Current Step"] li')
      .evaluateAll((items: HTMLElement[]) =>
        items.map((item) => ({
          text: item.textContent,
          whole: item.title.startsWith(item.textContent ?? '-'),
          oneLine: item.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(item).lineHeight),
        })),
      );
    expect(lines, `the service lines at ${width}px`).toEqual(
      [visa, licence, attestation].map((service) => ({
        text: `${service.name} · ${service.steps[1]!.name}`,
        whole: true,
        oneLine: true,
      })),
    );
  }
  // How overdue sorts from its heading, from the keyboard, both ways, kept in the address.
  const overdueHeading = casesRegion(page).getByRole('columnheader', { name: 'Days over', exact: true });
  await expect(overdueHeading).toHaveAttribute('aria-sort', 'none');
  await overdueHeading.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sortBy=overdue/);
  await expect(overdueHeading).toHaveAttribute('aria-sort', 'descending');
  await overdueHeading.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sortBy=overdue.*order=ASC|order=ASC.*sortBy=overdue/);
  await expect(overdueHeading).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows).toHaveCount(4);
  // On a phone, cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => rows.first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
});
