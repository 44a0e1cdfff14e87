import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { rawZip, unzip } from '../test/support/zip.js';
import { expect, expectAccessible, test } from './fixtures.js';
import {
  createLearner,
  lmsAdminApi,
  openLmsAdmin,
  openQuestionImport,
  signInLearner,
  uniqueName,
} from './lms-helpers.js';

/*
 * Results a learner can act on: the score against the profession's pass mark, the results by
 * topic (weakest first) on the results, review and dashboard screens, and "Practise this topic".
 * Profession: nurse; the questions made here are retired at the end, so lms.spec.ts finds the
 * nurse bank as it expects it.
 */

/** Answers the question on screen: right for `rightWhen` questions, wrong otherwise. */
async function answerShown(page: Page, rightWhen: (question: string) => boolean) {
  const text = (await page.locator('#exam-question').textContent()) ?? '';
  await page.getByRole('radio', { name: rightWhen(text) ? 'Right answer' : 'Wrong answer', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText(/^(Correct|Incorrect)!$/)).toBeVisible();
}

/** The words of `list`'s text that are split across two lines (a word wrapped whole is not). */
const wordsBrokenAcrossLines = (list: Locator) =>
  list.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });

test('when a self-registered learner redeems an access code and finishes the exam, then the courses open and the results show the score against the pass mark and a by-topic chart, weakest first, with a practice set per topic', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const settings = (await (await api.get('/admin/exam-settings')).json()) as { retakeWaitSeconds: number };
  const made: number[] = [];
  try {
    expect(
      (
        await api.put('/admin/exam-settings', {
          data: { retakeWaitSeconds: settings.retakeWaitSeconds, passMarks: { nurse: 70 } },
        })
      ).status(),
    ).toBe(200);
    const prefix = uniqueName('Topics');
    for (const [i, topic] of ['Pharmacology', 'Pharmacology', 'Infection control', 'Infection control'].entries()) {
      const response = await api.post('/exam-questions', {
        data: {
          question: `${prefix} ${topic} question ${i}: which answer is right?`,
          question_type: 'multiple-choice',
          options: ['Right answer', 'Wrong answer'],
          correct_answer: 'Right answer',
          explanation: `Explanation ${i}.`,
          profession: 'nurse',
          topic,
        },
      });
      expect(response.status()).toBe(201);
      made.push(((await response.json()) as { id: number }).id);
    }
    // Only this test's questions are live for nurses while it runs.
    const bank = (await (
      await api.get('/exam-questions', { params: { profession: 'nurse', pageSize: 100 } })
    ).json()) as { examQuestions: { id: number }[] };
    const others = bank.examQuestions.filter((q) => !made.includes(q.id));
    expect(others).toEqual([]);

    const learner = await createLearner(request, { profession: 'nurse', prefix: 'topiclearner' });
    await signInLearner(page, learner);
    await page.goto('/lms-system/dashboard');
    // An agency's code, redeemed on the dashboard's locked card: the courses and the results open.
    const issued = await api.post('/admin/access-codes', {
      data: { count: 1, programs: ['course', 'exam-results'], note: 'e2e agency' },
    });
    const [code] = ((await issued.json()) as { codes: string[] }).codes;
    const locked = page.getByRole('region', { name: 'Recent Courses' });
    await expect(locked).toContainText('This section is locked');
    await expectAccessible(page);
    await locked.getByLabel('Access code', { exact: true }).fill(code?.toLowerCase() ?? '');
    await locked.getByRole('button', { name: 'Redeem code' }).click();
    await expect(locked.getByText('This section is locked')).toHaveCount(0);
    await page.getByRole('link', { name: 'View Courses' }).click();
    await expect(page.getByRole('heading', { name: 'Premium Content Locked' })).toHaveCount(0);
    await page.goto('/lms-system/dashboard');

    await page.goto('/exam');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('I accept the non-disclosure agreement').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // Pharmacology right, infection control wrong: 2 of 4, 50%, under the pass mark of 70%.
    for (let i = 0; i < 4; i++) {
      const shown = (await page.locator('#exam-question').textContent()) ?? '';
      await answerShown(page, (text) => text.includes('Pharmacology'));
      await page.getByRole('button', { name: 'Next Question' }).click();
      // The next question is on screen before it is read (the last one ends the exam instead).
      if (i < 3) await expect(page.locator('#exam-question')).not.toHaveText(shown);
    }
    await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();
    await expect(
      page.getByText('Pass mark 70%: you scored 50.0% (2 of 4 questions correct; 20.0 points short).'),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Review answers' }).click();
    const chart = page.getByRole('list', { name: 'Results by topic, weakest first' });
    await expect(chart.getByRole('listitem')).toHaveCount(2);
    await expect(chart.getByRole('listitem').first()).toContainText('Infection control');
    await expect(chart.getByRole('meter', { name: 'Infection control: 0% correct' })).toBeVisible();
    await expect(chart.getByRole('meter', { name: 'Pharmacology: 100% correct' })).toBeVisible();
    await expect(page.getByText(/A comparison with other learners appears once 30 others/)).toBeVisible();
    await expectAccessible(page);

    await page.goto('/lms-system/dashboard');
    const card = page.getByRole('region', { name: 'Results by topic' });
    await expect(card.getByRole('meter', { name: 'Infection control: 0% correct' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My Progress' })).toContainText('Pass mark 70%: you scored 50.0%');
    await expectAccessible(page);
    // On a phone each topic name keeps its words whole (squeezed beside the figures, "Pharmacology" broke mid-word).
    const desk = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => wordsBrokenAcrossLines(card.getByRole('list', { name: /^Results by topic/ }))).toEqual([]);
    if (desk) await page.setViewportSize(desk);

    await card.getByRole('link', { name: 'Practise this topic: Infection control' }).click();
    await expect(page).toHaveURL(/\/lms-system\/mock-exam\?topic=Infection%20control$/);
    await expect(page.getByRole('heading', { name: 'Practise: Infection control' })).toBeVisible();
    await expect(page.getByText(/Infection control question/).first()).toBeVisible();
    await expect(page.getByText(/Pharmacology question/)).toHaveCount(0);
  } finally {
    for (const id of made) await api.delete(`/exam-questions/${id}`);
    await api.put('/admin/exam-settings', {
      data: { retakeWaitSeconds: settings.retakeWaitSeconds, passMarks: { nurse: 60 } },
    });
    await api.dispose();
  }
});

test('when an admin imports a GIFT file with one bad question, then its line is named and nothing is imported; fixed, every question is', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const tag = uniqueName('gift');
  const lines = [
    '$CATEGORY: $course$/top/Cardiology',
    '',
    `${tag} Which drug slows the heart rate? {=Bisoprolol ~Amlodipine ~Furosemide}`,
    '',
    `${tag} Which valve sits between the left atrium and ventricle? {~Aortic ~Tricuspid}`,
    '',
    `${tag} Atrial fibrillation raises the risk of stroke.{T}`,
  ];
  const file = (text: string) => ({ name: 'questions.gift', mimeType: 'text/plain', buffer: Buffer.from(text) });
  const made: number[] = [];
  try {
    await openLmsAdmin(page);
    const importer = await openQuestionImport(page);
    await importer.getByLabel('File format').selectOption('gift');
    await importer.getByLabel('Profession of the questions').selectOption('doctor');
    await importer.getByLabel('GIFT file').setInputFiles(file(lines.join('\n')));
    // The preview reads the file with the server's parser: the bad line is marked before sending.
    const preview = importer.getByRole('table', { name: 'Preview of the import' });
    await expect(preview.getByRole('row').filter({ hasText: 'No right answer: mark one with =' })).toContainText('5');
    await importer.getByRole('button', { name: 'Import 2 questions' }).click();
    await expect(importer.getByRole('alert')).toContainText('Nothing was imported: 1 question has an error.');
    await expect(importer.getByRole('list', { name: 'Lines with errors' })).toHaveText(
      'Line 5: No right answer: mark one with =, or give the right ones a weight (~%50%)',
    );
    await expectAccessible(page);

    lines[4] = `${tag} Which valve sits between the left atrium and ventricle? {=Mitral ~Aortic ~Tricuspid}`;
    await importer.getByLabel('GIFT file').setInputFiles(file(lines.join('\n')));
    await importer.getByRole('button', { name: 'Import 3 questions' }).click();
    await expect(page.getByText('Imported 3 questions')).toBeVisible();
    await page.getByLabel('Show questions for').selectOption('doctor');
    const rows = page.getByRole('table', { name: 'Exam questions' }).getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Mitral' })).toContainText('Cardiology');
  } finally {
    const bank = (await (
      await api.get('/exam-questions', { params: { profession: 'doctor', pageSize: 100 } })
    ).json()) as { examQuestions: { id: number; question: string }[] };
    made.push(...bank.examQuestions.filter((q) => q.question.startsWith(tag)).map((q) => q.id));
    for (const id of made) await api.delete(`/exam-questions/${id}`);
    await api.dispose();
  }
});

test('when an admin issues access codes in the browser, then they are shown once with a CSV download and listed as unused', async ({
  page,
}) => {
  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Access codes' }).click();
  const form = page.getByRole('form', { name: 'Issue access codes' });
  const note = uniqueName('Agency ');
  await form.getByLabel('How many codes').fill('2');
  await form.getByLabel('Note (optional)').fill(note);
  await form.getByRole('button', { name: 'Issue codes' }).click();
  const codes = form.getByRole('list', { name: 'New access codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(2);
  await expect(codes.first()).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('access-codes.csv');
  await expect(
    page.getByRole('table', { name: 'Access codes' }).getByRole('row').filter({ hasText: note }),
  ).toHaveCount(2);
  await expect(
    page.getByRole('table', { name: 'Access codes' }).getByRole('row').filter({ hasText: note }).first(),
  ).toContainText('Unused');
  await expectAccessible(page);
});

test("when an admin imports a QTI 3.0 package, then the server's reading shows item by item, a package with a refused item cannot be sent, and the bank exports as a package again", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const tag = uniqueName('qti');
  const item = (id: string, question: string, choices: string[], right: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${id}" title="${id}" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="${right.length > 1 ? 'multiple' : 'single'}" base-type="identifier">
    <qti-correct-response>${right.map((r) => `<qti-value>${r}</qti-value>`).join('')}</qti-correct-response>
  </qti-response-declaration>
  <qti-item-body>
    <qti-choice-interaction response-identifier="RESPONSE" max-choices="${right.length > 1 ? 0 : 1}">
      <qti-prompt>${question}</qti-prompt>
      ${choices.map((c, i) => `<qti-simple-choice identifier="C${i}">${c}</qti-simple-choice>`).join('')}
    </qti-choice-interaction>
  </qti-item-body>
</qti-assessment-item>`;
  const manifest = (files: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">
  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
  <organizations/>
  <resources>${files.map((f, i) => `<resource identifier="r${i}" type="imsqti_item_xmlv3p0" href="${f}"><file href="${f}"/></resource>`).join('')}</resources>
</manifest>`;
  const good = [
    {
      name: 'items/one.xml',
      data: item('one', `${tag} Which are beta blockers?`, ['Bisoprolol', 'Atenolol', 'Amlodipine'], ['C0', 'C1']),
    },
    {
      name: 'items/two.xml',
      data: item('two', `${tag} ما هو الترياق للباراسيتامول؟`, ['أسيتيل سيستئين', 'نالوكسون'], ['C0']),
    },
  ];
  const match = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="m" title="m" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="directedPair"/>
  <qti-item-body><qti-match-interaction response-identifier="RESPONSE"/></qti-item-body>
</qti-assessment-item>`;
  const zip = (files: { name: string; data: string }[]) => ({
    name: 'bank.zip',
    mimeType: 'application/zip',
    buffer: rawZip([{ name: 'imsmanifest.xml', data: manifest(files.map((f) => f.name)) }, ...files]),
  });
  try {
    await openLmsAdmin(page);
    const importer = await openQuestionImport(page);
    await importer.getByLabel('File format').selectOption('qti');
    await importer.getByLabel('Profession of items without one').selectOption('doctor');
    await importer
      .getByLabel('QTI 3.0 package file')
      .setInputFiles(zip([...good, { name: 'items/match.xml', data: match }]));
    const preview = importer.getByRole('table', { name: 'Preview of the import' });
    await expect(preview.getByRole('row').filter({ hasText: 'items/match.xml' })).toContainText(
      'Match items (qti-match-interaction) are not offered',
    );
    await expect(preview.getByRole('row').filter({ hasText: 'items/one.xml' })).toContainText('multiple-response');
    await expect(
      importer.getByText(/1 item refused, marked below\. Nothing is imported while an item is refused/),
    ).toBeVisible();
    await expect(importer.getByRole('button', { name: 'Import 2 questions' })).toBeDisabled();
    await expectAccessible(page);

    await importer.getByLabel('QTI 3.0 package file').setInputFiles(zip(good));
    await importer.getByRole('button', { name: 'Import 2 questions' }).click();
    await expect(page.getByText('Imported 2 questions')).toBeVisible();
    await page.getByLabel('Show questions for').selectOption('doctor');
    const rows = page.getByRole('table', { name: 'Exam questions' }).getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(2);

    const download = page.waitForEvent('download');
    // Back in the bank (where a finished import leads), the export is an action above its table.
    await page.getByRole('group', { name: 'Bank actions' }).getByRole('button', { name: 'Export QTI 3.0' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('exam-questions-doctor-qti.zip');
    const files = await unzip(await readFile((await saved.path()) ?? ''));
    expect([...files.values()].join()).toContain(`${tag} ما هو الترياق للباراسيتامول؟`);
  } finally {
    const bank = (await (
      await api.get('/exam-questions', { params: { profession: 'doctor', pageSize: 100 } })
    ).json()) as { examQuestions: { id: number; question: string }[] };
    for (const q of bank.examQuestions.filter((q) => q.question.startsWith(tag)))
      await api.delete(`/exam-questions/${q.id}`);
    await api.dispose();
  }
});
