import bidiModule, { type Bidi } from 'bidi-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStep, createCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Arabic emails read in order: a case number, a link, a step or a description staff wrote in
 * English keep their order inside Arabic sentences, and no sentence's full stop lands at the start
 * of its line. Checked the way a mail app draws the received message: each paragraph of the HTML
 * part (where `<bdi>` and `dir` isolate, as the HTML standard's style sheet says) and each line of
 * the plain-text part (drawn left to right, as many apps draw plain text, and right to left) is laid
 * out by the Unicode Bidirectional Algorithm (bidi-js), and what the reader sees is compared with
 * what was written. The Hindi emails, left to right, are held to the same.
 */

const PUBLIC_URL = 'http://127.0.0.1:4501';
/** The seeded Attestation step's description: staff's English, with full stops inside and at its end. */
const DESCRIPTION =
  'Your documents are being attested by the issuing authorities and embassies. This depends on those offices and can take a few weeks.';
// bidi-js declares an ES default export in a CommonJS package: TypeScript sees a namespace, Vite
// hands the test the factory function itself.
const bidi = (bidiModule as unknown as () => Bidi)();

/** The characters of `text` in the order they are drawn, left to right, in a paragraph of direction `base`. */
function drawn(text: string, base: 'ltr' | 'rtl'): string {
  const levels = bidi.getEmbeddingLevels(text, base);
  const characters = text.split('');
  for (const [index, mirrored] of bidi.getMirroredCharactersMap(text, levels.levels)) characters[index] = mirrored;
  for (const [start = 0, end = 0] of bidi.getReorderSegments(text, levels)) {
    const segment = characters.slice(start, end + 1).reverse();
    characters.splice(start, segment.length, ...segment);
  }
  return characters.join('').replace(/[\u2066-\u2069]/g, '');
}

/** Reads left to right as written: the left-to-right words a reader must see unbroken. */
const readsInOrder = (drawnText: string, words: string) => drawnText.includes(words);

const decodeEntities = (html: string) =>
  html
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The paragraphs of an HTML email as a browser lays them out: `<bdi>` and elements with `dir`
 * isolate their content (HTML's rendering rules: `unicode-bidi: isolate`), other tags only hold text.
 */
function htmlParagraphs(html: string): string[] {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<div[^>]*data-skip-in-text[\s\S]*?<\/div><\/div>/, '');
  return [...body.matchAll(/<(p|h1)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((match) =>
    decodeEntities(
      (match[2] ?? '')
        .replace(/<span[^>]*\bdir="ltr"[^>]*>([\s\S]*?)<\/span>/g, '\u2066$1\u2069')
        .replace(/<bdi\b[^>]*>([\s\S]*?)<\/bdi>/g, '\u2068$1\u2069')
        .replace(/<br\s*\/?>/g, ' ')
        .replace(/<[^>]+>/g, ''),
    ),
  );
}

/** The lines of the plain-text part that hold words (not the blank ones). */
const textLines = (mail: ReceivedMail) => mail.text.split('\n').filter((line) => line.trim() !== '');

describe('Arabic and Hindi emails read in order', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let headers: AdminHeaders;
  let counter = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, CASE_NOTIFICATION_DELAY_SECONDS: '3600' });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const makeDue = async (caseId: number) =>
    (
      await t.database.pool.query(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'case-notification' AND state = 'created' AND data->>'caseId' = $1`,
        [String(caseId)],
      )
    ).rowCount;

  /** A case in `language` whose service moves to Attestation: its "case opened" email and its step email. */
  async function emailsIn(language: 'ar' | 'hi') {
    const email = `bidi-${language}-${++counter}-${Date.now().toString(36)}@example.test`;
    const created = await createCase(t, headers, {
      client_email: email,
      serviceIds: [1],
      applicant_language: language,
    });
    const opened = await smtp.nextMessage((m) => m.to.includes(email));
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    // The change waits an hour for more changes to join it; make it due now, as that hour passing would.
    await expect.poll(() => makeDue(created.id)).toBe(1);
    const moved = await smtp.nextMessage((m) => m.to.includes(email) && m !== opened);
    return { caseNumber: created.case_number, opened, moved };
  }

  /** The left-to-right words of these emails that a reader must see unbroken. */
  const leftToRight = (caseNumber: string) => [
    caseNumber,
    '127.0.0.1:4501/casetracking?…',
    'Documents Verification',
    'Attestation',
    DESCRIPTION,
  ];

  it('when an Arabic email arrives, then every case number, link, step and English sentence in its HTML reads in order in the right-to-left layout', async () => {
    const { caseNumber, opened, moved } = await emailsIn('ar');
    for (const mail of [opened, moved]) {
      expect(mail.html).toMatch(/<html[^>]*\bdir="rtl"/);
      const paragraphs = htmlParagraphs(mail.html ?? '');
      for (const words of leftToRight(caseNumber)) {
        const holding = paragraphs.filter((paragraph) => paragraph.replace(/[\u2066-\u2069]/g, '').includes(words));
        for (const paragraph of holding) expect(drawn(paragraph, 'rtl'), words).toContain(words);
      }
    }
    // The step's description (staff's English) and the short link are in the step email: both were checked.
    const paragraphs = htmlParagraphs(moved.html ?? '').map((paragraph) => drawn(paragraph, 'rtl'));
    expect(paragraphs.some((paragraph) => paragraph.includes(DESCRIPTION))).toBe(true);
    expect(paragraphs.some((paragraph) => paragraph.includes('127.0.0.1:4501/casetracking?…'))).toBe(true);
  });

  it('when an Arabic email arrives, then each line of its plain text reads the same whether the app draws plain text left to right or right to left, and its links stay whole', async () => {
    const { caseNumber, opened, moved } = await emailsIn('ar');
    for (const mail of [opened, moved]) {
      for (const line of textLines(mail)) {
        // (A space that ends a link may sit at either edge: the algorithm puts trailing spaces at the line's own level.)
        expect(drawn(line, 'ltr').trim(), line).toBe(drawn(line, 'rtl').trim());
        for (const words of [caseNumber, ...mail.links]) {
          if (line.includes(words)) expect(readsInOrder(drawn(line, 'ltr'), words), words).toBe(true);
        }
      }
      // An app that turns addresses in plain text into links ends each at the space before the isolate closes.
      for (const link of mail.links) expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4501\/[^\u2066-\u2069]*$/);
      expect(mail.subject).toContain(`\u2068${caseNumber}\u2069`);
    }
    expect(moved.text).toContain(`\u2068${DESCRIPTION}\u2069`);
  });

  it('when a Hindi email arrives, then it is left to right and its case number, links and English words read in order', async () => {
    const { caseNumber, opened, moved } = await emailsIn('hi');
    for (const mail of [opened, moved]) {
      expect(mail.html).toMatch(/<html[^>]*\bdir="ltr"[^>]*\blang="hi"|<html[^>]*\blang="hi"[^>]*\bdir="ltr"/);
      for (const paragraph of htmlParagraphs(mail.html ?? '')) {
        for (const words of leftToRight(caseNumber)) {
          if (paragraph.includes(words)) expect(drawn(paragraph, 'ltr'), words).toContain(words);
        }
      }
      for (const line of textLines(mail)) {
        for (const words of [caseNumber, ...mail.links]) {
          if (line.includes(words)) expect(drawn(line, 'ltr'), words).toContain(words);
        }
      }
    }
  });
});
