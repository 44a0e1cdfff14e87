import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion, CreateQuestionBody, QtiPreview } from '../../contracts/lms.js';
import { createQuestion, signInLmsAdmin } from '../factories/lms.js';
import { rawZip, unzip, zipFolder } from '../support/zip.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** 1EdTech's QTI 3.0 schemas with the W3C schemas they import (test/fixtures/README.md says which). */
const QTI_SCHEMAS = join(import.meta.dirname, '../fixtures/qti/xsd');

const item = (body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="i" title="t" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>A</qti-value></qti-correct-response>${extra}
  </qti-response-declaration>
  <qti-item-body>${body}</qti-item-body>
</qti-assessment-item>`;
const manifest = (hrefs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">
  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
  <organizations/>
  <resources>${hrefs.map((href, i) => `<resource identifier="r${i}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/></resource>`).join('')}</resources>
</manifest>`;
const choices = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">Yes</qti-simple-choice><qti-simple-choice identifier="B">No</qti-simple-choice></qti-choice-interaction>`;

// Questions as admins write them: Arabic and Hindi, digits of both, commas, quotes, markup characters, line breaks.
const bankQuestions: Partial<CreateQuestionBody>[] = [
  {
    question: 'ما هو الدواء الذي يعكس جرعة زائدة من المواد الأفيونية؟\nاختر إجابة واحدة.',
    options: ['نالوكسون', 'فلومازينيل', 'أتروبين ٠٫٥ ملغ'],
    correct_answer: 'نالوكسون',
    explanation: 'يحجب النالوكسون مستقبلات الأفيون.\n\nThe dose is 0.4–2 mg IV.',
    profession: 'nurse',
    difficulty: 'hard',
    topic: 'علم الأدوية',
  },
  {
    question: 'वयस्क की सामान्य हृदय गति क्या है? (१०० से कम)',
    options: ['60–100 bpm', '१२०–१४० bpm'],
    correct_answer: '60–100 bpm',
    explanation: 'सामान्य सीमा 60 से 100 है।',
    profession: 'nurse',
    difficulty: 'easy',
    topic: 'Cardiology',
  },
  {
    question: 'Which of these are "live" vaccines? Select <all> that apply & check the schedule.',
    question_type: 'multiple-response',
    options: ['MMR', 'Varicella, live attenuated', 'Hepatitis B', 'Vitamin D 50,000 IU'],
    correct_answer: 'MMR\nVaricella, live attenuated',
    explanation: 'MMR and varicella are live; "Hepatitis B" is recombinant.',
    profession: 'doctor',
    difficulty: 'medium',
    topic: 'Immunisation',
  },
  {
    question: `Warfarin is monitored with the INR.  ${'Long text with two spaces kept. '.repeat(40).trim()}`,
    options: ['True', 'False'],
    correct_answer: 'True',
    explanation: 'The INR measures the extrinsic pathway.',
    profession: 'doctor',
    difficulty: 'medium',
    topic: '',
  },
];

describe('QTI 3.0 content packages', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const send = (url: string, zip: Buffer, query: Record<string, string> = {}, contentType = 'application/zip') =>
    t.app.inject({
      method: 'POST',
      url,
      query,
      headers: { ...admin.headers, 'content-type': contentType },
      payload: zip,
    });
  const importZip = (zip: Buffer, query: Record<string, string> = {}, contentType?: string) =>
    send('/exam-questions/import', zip, { format: 'qti', ...query }, contentType);
  const preview = (zip: Buffer, query: Record<string, string> = {}) =>
    send('/exam-questions/import/preview', zip, query);
  const exportZip = async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/exam-questions/export/qti',
      query,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    return { zip: response.rawPayload, leftOut: Number(response.headers['x-questions-left-out']) };
  };
  const bank = async () =>
    (await t.app.inject({ method: 'GET', url: '/exam-questions', headers: admin.headers, query: { pageSize: '100' } }))
      .json<{ examQuestions: AdminQuestion[] }>()
      .examQuestions.map(({ id: _id, created_at: _created, ...q }) => q)
      .sort((a, b) => a.question.localeCompare(b.question));
  const emptyBank = () => t.database.pool.query('UPDATE exam_questions SET deleted_at = now()');

  it('when the bank is exported and imported into an empty bank, then every choice question comes back exactly as it was', async () => {
    await emptyBank();
    for (const question of bankQuestions) await createQuestion(t, admin.headers, question);
    await createQuestion(t, admin.headers, {
      question: 'Name the antidote of paracetamol.',
      question_type: 'fill-in-the-blank',
      options: [],
      correct_answer: 'acetylcysteine|N-acetylcysteine',
    });
    const before = (await bank()).filter((q) => q.question_type !== 'fill-in-the-blank');

    const { zip, leftOut } = await exportZip();
    expect(leftOut).toBe(1);
    const files = await unzip(zip);
    expect([...files.keys()].filter((name) => name.startsWith('items/'))).toHaveLength(4);
    expect(files.get('imsmanifest.xml')).toContain('<schemaversion>3.0.0</schemaversion>');

    await emptyBank();
    const previewed = await preview(zip);
    expect(previewed.statusCode).toBe(200);
    const seen = previewed.json<QtiPreview>();
    expect(seen.errors).toEqual([]);
    expect(seen.questions).toHaveLength(4);
    expect(await bank()).toEqual([]);

    const imported = await importZip(zip);
    expect(imported.json()).toEqual({ imported: 4 });
    expect(await bank()).toEqual(before);

    // The same package again: every question is already in the bank, named by its item.
    const again = await importZip(zip);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ errors: { item: number; error: string }[] }>().errors).toHaveLength(4);
    expect(again.json<{ errors: { error: string }[] }>().errors[0]?.error).toBe('This question is already in the bank');
  });

  it("when the bank is exported, then the manifest and every item are valid under 1EdTech's QTI 3.0 schemas", async () => {
    await emptyBank();
    for (const question of bankQuestions) await createQuestion(t, admin.headers, question);
    const files = await unzip((await exportZip()).zip);
    const folder = await mkdtemp(join(tmpdir(), 'qti-export-'));
    try {
      for (const [name, text] of files) {
        await mkdir(dirname(join(folder, name)), { recursive: true });
        await writeFile(join(folder, name), text);
      }
      const items = [...files.keys()].filter((name) => name.startsWith('items/')).map((name) => join(folder, name));
      expect(items).toHaveLength(4);
      // xmllint (libxml2) against the schemas of test/fixtures/qti/xsd: it exits non-zero and names the
      // line of each element the schema does not allow.
      const validate = (schema: string, documents: string[]) =>
        promisify(execFile)('xmllint', ['--noout', '--schema', join(QTI_SCHEMAS, schema), ...documents]).then(
          ({ stderr }) => stderr,
          (error: { stderr?: string; message: string }) => {
            throw new Error(error.stderr || error.message);
          },
        );
      const itemsValid = await validate('qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd', items);
      expect(itemsValid.trim().split('\n')).toEqual(items.map((item) => `${item} validates`));
      const manifestValid = await validate('qtiv3p0/imsqtiv3p0_imscpv1p2_v1p0.xsd', [join(folder, 'imsmanifest.xml')]);
      expect(manifestValid.trim()).toBe(`${join(folder, 'imsmanifest.xml')} validates`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('when one profession and topic is exported, then only its questions are in the package', async () => {
    await emptyBank();
    for (const question of bankQuestions) await createQuestion(t, admin.headers, question);
    const nurses = await unzip((await exportZip({ profession: 'nurse', topic: 'Cardiology' })).zip);
    expect([...nurses.keys()].filter((name) => name.startsWith('items/'))).toHaveLength(1);
    expect([...nurses.values()].join()).toContain('वयस्क की सामान्य हृदय गति');
    const untitled = await unzip((await exportZip({ topic: 'General' })).zip);
    expect([...untitled.values()].join()).toContain('Warfarin is monitored');
    expect([...untitled.keys()].filter((name) => name.startsWith('items/'))).toHaveLength(1);
  });

  it("when 1EdTech's own example package is imported, then its choice items are stored as they mean them and every other item is refused, named", async () => {
    await emptyBank();
    const zip = zipFolder('1edtech');
    const seen = (await preview(zip, { profession: 'nurse' })).json<QtiPreview>();
    expect(
      seen.questions.map(({ item, file, question, question_type, options, correct_answer, explanation }) => ({
        item,
        file,
        question,
        question_type,
        options,
        correct_answer,
        explanation,
      })),
    ).toEqual([
      {
        item: 1,
        file: 'items/firstexample.xml',
        question: 'Of the following hormones, which is produced by the adrenal glands?',
        question_type: 'multiple-choice',
        options: ['Epinephrine', 'Glucagon', 'Insulin', 'Oxytocin'],
        correct_answer: 'Epinephrine',
        explanation: 'The correct answer is: Epinephrine',
      },
      {
        item: 2,
        file: 'items/BG007.xml',
        question: 'This is a True/False question?',
        question_type: 'multiple-choice',
        options: ['True', 'False'],
        correct_answer: 'True',
        explanation: 'The correct answer is: True',
      },
      {
        item: 3,
        file: 'items/Example01-modalFeedback.xml',
        // The file's own line break and indentation read as one space, as a browser shows them.
        question: 'Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.',
        question_type: 'multiple-choice',
        options: ['True', 'False'],
        correct_answer: 'True',
        explanation: 'correct: correct\n\nincorrect: incorrect',
      },
      {
        item: 4,
        file: 'items/QTI3multiplechoice2.xml',
        question: 'Which of the following elements are used to form water?',
        question_type: 'multiple-response',
        options: ['Hydrogen', 'Helium', 'Carbon', 'Oxygen', 'Nitrogen', 'Chlorine'],
        correct_answer: 'Hydrogen\nOxygen',
        explanation: 'The correct answer is: Hydrogen, Oxygen',
      },
    ]);
    expect(seen.errors).toEqual([
      {
        item: 5,
        file: 'items/QTI3-match.xml',
        error:
          'Match items (qti-match-interaction) are not offered: the bank takes single choice, true/false and multiple response (qti-choice-interaction)',
      },
      {
        item: 6,
        file: 'items/BG009.xml',
        error:
          'Extended text items (qti-extended-text-interaction) are not offered: the bank takes single choice, true/false and multiple response (qti-choice-interaction)',
      },
      {
        item: 7,
        file: 'items/BG010.xml',
        error:
          'Text entry items (qti-text-entry-interaction) are not offered: the bank takes single choice, true/false and multiple response (qti-choice-interaction)',
      },
    ]);
    // The import takes all or nothing: refused whole, each refused item named.
    const refused = await importZip(zip, { profession: 'nurse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Nothing was imported: 3 items have errors.',
      code: 'IMPORT_REJECTED',
    });
    expect(await bank()).toEqual([]);
  });

  it('when an item cannot be stored as its tool means it, then it is refused naming why', async () => {
    const cases: [string, string, string][] = [
      [
        `<p>What does this show? <img src="images/ecg.png" alt="ECG"/></p>${choices}`,
        '',
        'Pictures are not imported: this text shows the image images/ecg.png',
      ],
      [
        choices,
        '<qti-mapping default-value="0"><qti-map-entry map-key="A" mapped-value="1"/><qti-map-entry map-key="B" mapped-value="0.5"/></qti-mapping>',
        'Partial credit (0.5 for "No") is not offered',
      ],
      [`<p>Two</p>${choices}${choices}`, '', 'The item has 2 interactions'],
      [
        `<p>Pick one</p>${choices.replace('<qti-simple-choice identifier="A">', '<qti-simple-choice identifier="C">')}`,
        '',
        'The right answer A is not one of the item',
      ],
      [choices, '', 'The question text is missing'],
    ];
    for (const [body, extra, error] of cases) {
      const zip = rawZip([
        { name: 'imsmanifest.xml', data: manifest(['item.xml']) },
        { name: 'item.xml', data: item(body, extra) },
      ]);
      const seen = (await preview(zip, { profession: 'doctor' })).json<QtiPreview>();
      expect(seen.questions).toEqual([]);
      expect(seen.errors[0]?.error).toContain(error);
    }
  });

  it('when a package breaks a limit or reaches out of itself, then it is refused whole before anything is unpacked', async () => {
    const good = (extra: { name: string; data: Buffer | string; declaredSize?: number; store?: boolean }[]) =>
      rawZip([
        { name: 'imsmanifest.xml', data: manifest(['items/a.xml']) },
        { name: 'items/a.xml', data: item(`<p>Ok?</p>${choices}`) },
        ...extra,
      ]);
    const refusal = async (zip: Buffer) => {
      const response = await importZip(zip, { profession: 'doctor' });
      expect(response.statusCode).toBe(400);
      return response.json<{ error: string }>().error;
    };
    // The package itself is fine: what follows is each limit.
    expect((await preview(good([]), { profession: 'doctor' })).json<QtiPreview>().questions).toHaveLength(1);

    expect(await refusal(good([{ name: '../../etc/cron.d/evil', data: 'x' }]))).toMatch(
      /^The QTI package could not be read: .*\.\.\/\.\.\/etc\/cron\.d\/evil.* A package keeps every file inside its own folders\.$/,
    );
    expect(await refusal(good([{ name: '/etc/passwd', data: 'x' }]))).toContain('/etc/passwd');
    // A bomb that says what it holds: 101 MB of zeros in a 100 KB zip.
    const zeros = Buffer.alloc(1024 * 1024);
    expect(
      await refusal(good(Array.from({ length: 101 }, (_, i) => ({ name: `padding/${i}.bin`, data: zeros })))),
    ).toBe(
      'The QTI package could not be read: its files add up to more than 100 MB once unpacked. Split it into smaller packages.',
    );
    // A bomb that lies: the item declares 900 bytes and inflates to 3 MB; yauzl stops at the 901st.
    const lying = rawZip([
      { name: 'imsmanifest.xml', data: manifest(['items/a.xml']) },
      { name: 'items/a.xml', data: item(`<p>${' '.repeat(3 * 1024 * 1024)}</p>${choices}`), declaredSize: 900 },
    ]);
    const lied = (await preview(lying, { profession: 'doctor' })).json<QtiPreview>();
    expect(lied.errors[0]?.error).toMatch(/^items\/a\.xml could not be unpacked: too many bytes in the stream/);
    expect(
      await refusal(
        good(Array.from({ length: 20_000 }, (_, i) => ({ name: `media/${i}.txt`, data: '', store: true }))),
      ),
    ).toBe(
      'The QTI package could not be read: it holds 20,002 files, more than the 20,000 a package may hold. Split it into smaller packages.',
    );
    expect(await refusal(Buffer.from('question,question_type\n'))).toMatch(/it is not a zip file/);
    expect(await refusal(rawZip([{ name: 'items/a.xml', data: item(choices) }]))).toMatch(
      /imsmanifest\.xml is not at the top of the zip/,
    );
    // A manifest whose item reaches out of the package, and an entity bomb: refused for that item.
    const escaping = (
      await preview(
        rawZip([
          { name: 'imsmanifest.xml', data: manifest(['../secret.xml', 'items/b.xml']) },
          {
            name: 'items/b.xml',
            data: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><qti-assessment-item>&b;</qti-assessment-item>`,
          },
        ]),
        { profession: 'doctor' },
      )
    ).json<QtiPreview>();
    expect(escaping.errors).toEqual([
      { item: 1, file: '../secret.xml', error: "The item's file ../secret.xml is outside the package" },
      {
        item: 2,
        file: 'items/b.xml',
        error: 'items/b.xml declares a document type (<!DOCTYPE>), which QTI 3.0 files do not',
      },
    ]);
  });

  it('when a package is sent as Windows names a .zip, then it is read the same', async () => {
    await emptyBank();
    const zip = rawZip([
      { name: 'imsmanifest.xml', data: manifest(['a.xml']) },
      { name: 'a.xml', data: item(`<p>Is the INR used for warfarin?</p>${choices}`) },
    ]);
    const response = await importZip(
      zip,
      { profession: 'dentist', difficulty: 'easy' },
      'application/x-zip-compressed',
    );
    expect(response.json()).toEqual({ imported: 1 });
    expect(await bank()).toEqual([
      {
        question: 'Is the INR used for warfarin?',
        question_format: 'plain',
        question_type: 'multiple-choice',
        options: ['Yes', 'No'],
        correct_answer: 'Yes',
        explanation: 'The correct answer is: Yes',
        profession: 'dentist',
        difficulty: 'easy',
        topic: '',
      },
    ]);
  });
});
