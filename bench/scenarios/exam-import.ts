// `npm run bench`: one CSV import of 5,000 exam questions through the real endpoint, timed from
// the request to the answer. Self-contained: it builds its own file and signs in as the bench's
// LMS admin; the questions it adds carry a run id, so they never clash with the seeded ones.
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { questionCsvColumns, writeOptionsCell } from '../../contracts/lms.js';

export const IMPORT_ROWS = 5000;
const difficulties = ['easy', 'medium', 'hard'] as const;
const professions = ['doctor', 'nurse', 'physiotherapist', 'nutritionist', 'dentist'] as const;
const topics = ['Pharmacology', 'Infection control', 'Patient safety', 'Ethics'] as const;

/**
 * A valid import of `rows` questions (a value in every column of the export, keyed by its name): mostly multiple
 * choice, some fill-in-the-blank and essays. Its options cell is written by the export's own writer,
 * so a change of the file's format cannot leave the bench sending a file the importer refuses
 * (`bench --compare` imports a small one of them in CI).
 */
export function importCsv(rows: number, runId = randomBytes(4).toString('hex')): string {
  const records = Array.from({ length: rows }, (_, i) => {
    const kind = i % 10 === 0 ? 'essay' : i % 5 === 0 ? 'fill-in-the-blank' : 'multiple-choice';
    const options =
      kind === 'multiple-choice' ? writeOptionsCell([...'ABCD'].map((letter) => `Option ${i} ${letter}`)) : '';
    const answer = kind === 'multiple-choice' ? `Option ${i} ${'ABCD'[i % 4]}` : `answer ${i}`;
    const record: Record<(typeof questionCsvColumns)[number], string> = {
      question: `Imported question ${runId}-${i}: which statement about case ${i} is right?`,
      question_type: kind,
      options,
      correct_answer: answer,
      explanation: `An explanation of question ${i}, long enough to look like a real one: it names the rule and why it applies.`,
      profession: professions[i % professions.length] ?? 'nurse',
      difficulty: difficulties[i % difficulties.length] ?? 'easy',
      topic: topics[i % topics.length] ?? '',
      question_format: 'plain',
    };
    return record;
  });
  return stringify(records, { header: true, columns: [...questionCsvColumns] });
}

export type ImportResult = {
  rows: number;
  megabytes: number;
  milliseconds: number;
  status: number;
  imported: number | null;
};

export async function runExamImport(
  appUrl: string,
  admin: { username: string; password: string },
  rows = IMPORT_ROWS,
): Promise<ImportResult> {
  const login = await fetch(`${appUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`LMS admin login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const csv = importCsv(rows);
  const started = performance.now();
  const response = await fetch(`${appUrl}/exam-questions/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const body = (await response.json()) as { imported?: number; error?: string };
  const milliseconds = Math.round(performance.now() - started);
  // A refused file measures nothing: the stage fails and says why instead of reporting a time.
  if (!response.ok) throw new Error(`the import answered ${response.status}: ${body.error ?? ''}`);
  if (body.imported !== rows) throw new Error(`the import stored ${body.imported ?? 'no'} of ${rows} questions`);
  return {
    rows,
    megabytes: Math.round((Buffer.byteLength(csv) / 2 ** 20) * 100) / 100,
    milliseconds,
    status: response.status,
    imported: body.imported ?? null,
  };
}

export type ImportDelayResult = {
  file: string;
  megabytes: number;
  status: number;
  importMilliseconds: number;
  /** `/healthz` asked one after another while the import ran: how many, and their slowest and 99th-percentile answers. */
  probes: number;
  probeP99Ms: number;
  probeMaxMs: number;
};

/**
 * Issue 35's measure: while the largest allowed files are imported (a valid 20 MB CSV of 10,000
 * questions, a 256 KB row of empty fields, a 20 MB one), `/healthz` is asked over and over; the
 * slowest answer is how long an import held other requests (the goal: under 100 ms).
 */
export async function runImportDelay(appUrl: string, admin: { username: string; password: string }) {
  const login = await fetch(`${appUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`LMS admin login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const maxBytes = 20 * 1024 * 1024;
  const header = 'question,question_type,options,correct_answer,explanation,profession,difficulty,topic\n';
  const runId = randomBytes(4).toString('hex');
  const largest =
    header +
    Array.from(
      { length: 10_000 },
      (_, i) =>
        `Delay ${runId} question ${i} ${'x'.repeat(1900)}?,essay,,A model answer,${'e'.repeat(120)}.,dentist,easy,Load\n`,
    ).join('');
  const files: [string, string][] = [
    ['20 MB CSV of 10,000 questions', largest.slice(0, maxBytes)],
    ['256 KB row of empty fields', `${header}${','.repeat(256 * 1024)}\n`],
    ['20 MB row of empty fields', ','.repeat(maxBytes - 1)],
  ];
  const results: ImportDelayResult[] = [];
  for (const [file, body] of files) {
    let done = false;
    const started = performance.now();
    const importing = fetch(`${appUrl}/exam-questions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body,
    }).then(async (response) => {
      await response.arrayBuffer();
      done = true;
      return { status: response.status, ms: performance.now() - started };
    });
    const delays: number[] = [];
    while (!done) {
      const probeStarted = performance.now();
      await (await fetch(`${appUrl}/healthz`)).arrayBuffer();
      delays.push(performance.now() - probeStarted);
    }
    const { status, ms } = await importing;
    delays.sort((a, b) => a - b);
    results.push({
      file,
      megabytes: Math.round((Buffer.byteLength(body) / 2 ** 20) * 100) / 100,
      status,
      importMilliseconds: Math.round(ms),
      probes: delays.length,
      probeP99Ms: Math.round(delays[Math.floor(delays.length * 0.99)] ?? 0),
      probeMaxMs: Math.round(delays.at(-1) ?? 0),
    });
  }
  return results;
}
