import { parse } from 'csv-parse/browser/esm/sync';
import Upload from 'lucide-react/icons/upload';
import { useMemo, useState, type ChangeEvent } from 'react';
import { difficulties, professions, questionCsvColumns } from '../../../contracts/lms-constants.js';
import {
  parseQuestionText,
  type LineError,
  type ParsedQuestion,
  type QuestionTextFormat,
} from '../../../contracts/question-formats.js';
import type { ImportRowError } from '../../../contracts/platform.js';
import { readQuestionCsv, readQuestionText } from '../../../contracts/question-import.js';
import { SheetRefused } from '../../../contracts/spreadsheet.js';
import { errorMessage, ImportRejected } from '../../lib/http.js';
import { encodingName, readTextFileWithEncoding, TextFileRefused } from '../../lib/text-file.js';
import { Button } from '../../ui/button.js';
import { SelectField } from '../../ui/field.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import review from '../exam-review.module.css';
import { difficultyLabel, professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import type { QtiPreview } from '../../../contracts/lms.js';
import { QuestionText } from '../question-text.js';
import { ImportPreviewTable } from './import-preview.js';
import { useImportQuestions, useQtiPreview } from './question-bank-api.js';

type Preview = {
  name: string;
  text: string;
  encoding: string;
  /** Every row with a value, numbered as a spreadsheet shows them (the header is row 1). */
  rows: { row: number; cells: Record<string, string> }[];
  /** The problems the server's own reader and checks find (contracts/question-import.ts), by row. */
  problems: ImportRowError[];
  /** The file refused whole (not CSV, a limit passed, a header without the columns), naming the row. */
  refused: string | null;
};

/**
 * The file read and checked in the browser by the server's own reader and checks, so every row's
 * problem shows before anything is sent; only "already in the bank" needs the server.
 */
function readPreview(name: string, text: string, encoding: string): Preview {
  try {
    const read = readQuestionCsv(parse, text);
    const problems = read.errors.map(({ at, error }) => ({ row: at, error }));
    const header = problems.find((p) => p.row === 1);
    // A row the reader could not take (too few values) is listed with its problem and no cells.
    const listed = new Set(read.rows.map((r) => r.row));
    const unread = problems.filter((p) => p.row > 1 && !listed.has(p.row)).map((p) => ({ row: p.row, cells: {} }));
    const rows = [...read.rows, ...unread].sort((a, b) => a.row - b.row);
    return { name, text, encoding, rows, problems, refused: header ? `row 1: ${header.error}` : null };
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    const where = error.rows[0];
    return {
      name,
      text,
      encoding,
      rows: [],
      problems: error.rows,
      refused: where ? `row ${where.row}: ${where.error}` : error.message,
    };
  }
}

/** Each row's problems, found here and by the server, once each. */
function problemsByRow(...lists: ImportRowError[][]): Map<number, string> {
  const found = new Map<number, string[]>();
  for (const { row, error } of lists.flat()) {
    const known = found.get(row) ?? [];
    if (!known.includes(error)) found.set(row, [...known, error]);
  }
  return new Map([...found].map(([row, errors]) => [row, errors.join('; ')]));
}

type Format = 'csv' | QuestionTextFormat | 'qti';
const formatNames: Record<Format, string> = { csv: 'CSV', gift: 'GIFT', aiken: 'Aiken', qti: 'QTI 3.0 package' };
const formatHelp: Record<Format, string> = {
  csv: `Columns: ${questionCsvColumns.join(', ')} (topic and question_format may be left out), separated by commas, semicolons or tabs. Options go one per line inside their cell (Alt+Enter in Excel), so an option may hold commas.`,
  gift: "Moodle's GIFT: text { =right ~wrong #feedback }, { ~%50%a ~%50%b ~%-100%c } multiple response (scored all or nothing), {=a =b} short answer, {T}/{F}, {} essay with ####model answer; $CATEGORY: sets the topic. Matching, numerical and partial credit are refused, naming the line.",
  aiken:
    "Moodle's Aiken: the question on one line, options A) B) C) … (or A. B. C.) each on its own line, then ANSWER: A.",
  qti: 'A QTI 3.0 content package (.zip with imsmanifest.xml), as assessment systems export banks: single choice, true/false and multiple response items (qti-choice-interaction) are taken; any other item is refused, naming it. The profession and difficulty below apply to items the package gives none.',
};

type ItemError = { item: number; file: string; error: string };
type QtiFile = { name: string; zip: Blob; read: QtiPreview | null };

/** A QTI package as the server read it: each item by its place in the manifest, with its file and any problem. */
function QtiPreviewTable({ read, serverErrors }: { read: QtiPreview; serverErrors: ItemError[] }) {
  const problems = new Map<number, string>();
  for (const e of [...read.errors, ...serverErrors])
    problems.set(e.item, problems.has(e.item) ? `${problems.get(e.item)}; ${e.error}` : e.error);
  const rows = [
    ...read.questions.map((q) => ({
      item: q.item,
      file: q.file,
      question: q.question,
      type: q.question_type,
      answer: q.correct_answer,
      topic: q.topic,
    })),
    ...read.errors
      .filter((e) => !read.questions.some((q) => q.item === e.item))
      .map((e) => ({ item: e.item, file: e.file, question: '', type: '', answer: '', topic: '' })),
  ].sort((a, b) => a.item - b.item);
  return (
    <ImportPreviewTable
      unit="Item"
      rows={rows}
      numberOf={(row) => row.item}
      problemOf={(row) => problems.get(row.item)}
      columns={[
        { header: 'File', cell: (row) => row.file },
        { header: 'Question', cell: (row) => row.question },
        { header: 'Type', cell: (row) => row.type },
        { header: 'Correct answer', cell: (row) => row.answer },
        { header: 'Topic', cell: (row) => row.topic },
      ]}
    />
  );
}

/** A GIFT or Aiken file read in the browser with the server's own parser and checks, so bad lines show before sending. */
type TextPreview = { name: string; text: string; encoding: string; questions: ParsedQuestion[]; errors: LineError[] };

/** GIFT and Aiken preview: each question by its line, with the problem found here or by the server. */
function TextPreviewTable({
  preview,
  found,
  serverErrors,
}: {
  preview: TextPreview;
  /** The problems found here: the parser's, and the question checks' once the file's profession is chosen. */
  found: LineError[];
  serverErrors: LineError[];
}) {
  const problems = new Map<number, string>();
  for (const e of [...found, ...serverErrors]) {
    const known = problems.get(e.line);
    if (known?.split('; ').includes(e.error)) continue;
    problems.set(e.line, known ? `${known}; ${e.error}` : e.error);
  }
  const rows = [
    ...preview.questions.map((q) => ({
      line: q.line,
      question: q.question,
      format: q.question_format,
      type: q.question_type,
      answer: q.correct_answer,
      topic: q.topic,
    })),
    ...preview.errors
      .filter((e) => !preview.questions.some((q) => q.line === e.line))
      .map((e) => ({ line: e.line, question: '', format: 'plain' as const, type: '', answer: '', topic: '' })),
  ].sort((a, b) => a.line - b.line);
  return (
    <ImportPreviewTable
      unit="Line"
      rows={rows}
      numberOf={(row) => row.line}
      problemOf={(row) => problems.get(row.line)}
      columns={[
        { header: 'Question', cell: (row) => <QuestionText inline text={row.question} format={row.format} /> },
        { header: 'Type', cell: (row) => row.type },
        { header: 'Correct answer', cell: (row) => row.answer },
        { header: 'Topic', cell: (row) => row.topic },
      ]}
    />
  );
}

/**
 * Bulk import: choose the format and a file, see its questions, import. The server takes every
 * question or none; when it refuses, each bad row (CSV, numbered as a spreadsheet shows it) or line
 * (GIFT, Aiken) is listed and marked in the preview.
 */
export function QuestionImport({
  profession,
  onImported,
}: {
  profession: string;
  /** After a file is imported, with the profession it was imported for (none for CSV: each row names its own). */
  onImported: (profession: string) => void;
}) {
  const notify = useToast();
  const importQuestions = useImportQuestions();
  const qtiPreview = useQtiPreview();
  const [qtiFile, setQtiFile] = useState<QtiFile | null>(null);
  const [format, setFormat] = useState<Format>('csv');
  const [fileProfession, setFileProfession] = useState(profession);
  const [difficulty, setDifficulty] = useState('medium');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [textPreview, setTextPreview] = useState<TextPreview | null>(null);
  // Each file read anew starts its preview at the first page.
  const [reads, setReads] = useState(0);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // A refusal names rows (CSV) or lines (GIFT, Aiken); the shared client types them all as rows.
  const refused = (importQuestions.error instanceof ImportRejected ? importQuestions.error.rows : []) as unknown as (
    ImportRowError | LineError | ItemError
  )[];
  const rowErrors = refused.filter((e): e is ImportRowError => 'row' in e);
  const lineErrors = refused.filter((e): e is LineError => 'line' in e);
  const itemErrors = refused.filter((e): e is ItemError => 'item' in e);
  const errorsByRow = problemsByRow(preview?.problems ?? [], rowErrors);
  const name = formatNames[format];

  /** The package read again by the server with the profession and difficulty chosen now. */
  function readQti(file: { name: string; zip: Blob }, professionNow: string, difficultyNow: string) {
    setQtiFile({ ...file, read: null });
    qtiPreview.mutate(
      { zip: file.zip, profession: professionNow, difficulty: difficultyNow },
      { onSuccess: (read) => setQtiFile({ ...file, read }) },
    );
  }
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    importQuestions.reset();
    qtiPreview.reset();
    setFileProblem(null);
    setPreview(null);
    setTextPreview(null);
    setQtiFile(null);
    setReads((n) => n + 1);
    if (!file) return;
    if (format === 'qti') return readQti({ name: file.name, zip: file }, fileProfession, difficulty);
    let decoded: { text: string; encoding: string };
    try {
      decoded = await readTextFileWithEncoding(file);
    } catch (error) {
      if (error instanceof TextFileRefused) return setFileProblem(`${file.name} could not be read: ${error.message}`);
      throw error;
    }
    if (format === 'csv') setPreview(readPreview(file.name, decoded.text, decoded.encoding));
    else
      setTextPreview({
        name: file.name,
        text: decoded.text,
        encoding: decoded.encoding,
        ...parseQuestionText(format, decoded.text),
      });
  }
  function onImport() {
    if (format === 'qti') {
      if (!qtiFile?.read) return;
      return importQuestions.mutate(
        { zip: qtiFile.zip, format, profession: fileProfession, difficulty },
        {
          onSuccess: ({ imported }) => {
            notify(`Imported ${imported} questions`);
            setQtiFile(null);
            onImported(fileProfession);
          },
        },
      );
    }
    const text = format === 'csv' ? preview?.text : textPreview?.text;
    if (text === undefined) return;
    importQuestions.mutate(
      { text, format, profession: fileProfession, difficulty },
      {
        onSuccess: ({ imported }) => {
          notify(`Imported ${imported} questions`);
          setPreview(null);
          setTextPreview(null);
          onImported(format === 'csv' ? '' : fileProfession);
        },
      },
    );
  }
  const count =
    format === 'qti'
      ? (qtiFile?.read?.questions.length ?? 0)
      : format === 'csv'
        ? (preview?.rows.length ?? 0)
        : (textPreview?.questions.length ?? 0);
  const qtiRefused = qtiFile?.read?.errors.length ?? 0;
  const csvProblems = new Set(preview?.problems.map((p) => p.row)).size;
  // The server's own checks of a GIFT or Aiken file's questions, with the profession and difficulty
  // chosen for it (without a profession, only what the parser found: the server asks for one first).
  const textProblems = useMemo<LineError[]>(() => {
    if (!textPreview || format === 'csv' || format === 'qti') return [];
    if (!fileProfession) return textPreview.errors;
    return readQuestionText(format, textPreview.text, { profession: fileProfession, difficulty }).errors.map(
      ({ at, error }) => ({ line: at, error }),
    );
  }, [textPreview, format, fileProfession, difficulty]);
  const textProblemLines = new Set(textProblems.map((p) => p.line)).size;
  /** A choice that changes how the package is read reads it again. */
  const rereadQti = (professionNow: string, difficultyNow: string) => {
    if (qtiFile) {
      importQuestions.reset();
      readQti(qtiFile, professionNow, difficultyNow);
    }
  };

  return (
    <div className={styles.card}>
      <div className={styles.filters}>
        <SelectField
          label="File format"
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as Format);
            setPreview(null);
            setTextPreview(null);
            setQtiFile(null);
            qtiPreview.reset();
            importQuestions.reset();
          }}
        >
          {(Object.keys(formatNames) as Format[]).map((f) => (
            <option key={f} value={f}>
              {formatNames[f]}
            </option>
          ))}
        </SelectField>
        {format !== 'csv' && (
          <>
            <SelectField
              label={format === 'qti' ? 'Profession of items without one' : 'Profession of the questions'}
              required={format !== 'qti'}
              value={fileProfession}
              onChange={(e) => {
                setFileProfession(e.target.value);
                rereadQti(e.target.value, difficulty);
              }}
            >
              <option value="">Select a profession</option>
              {professions.map((p) => (
                <option key={p} value={p}>
                  {professionLabel(p)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={format === 'qti' ? 'Difficulty of items without one' : 'Difficulty of the questions'}
              value={difficulty}
              onChange={(e) => {
                setDifficulty(e.target.value);
                rereadQti(fileProfession, e.target.value);
              }}
            >
              {difficulties.map((d) => (
                <option key={d} value={d}>
                  {difficultyLabel(d)}
                </option>
              ))}
            </SelectField>
          </>
        )}
      </div>
      <p className={styles.muted}>{formatHelp[format]} Nothing is imported unless every question is valid.</p>
      <div className={styles.actions} style={{ marginBottom: '0.75rem' }}>
        <label className={styles.fieldLabel} htmlFor="question-file">
          {name} file
        </label>
        <input
          key={format}
          id="question-file"
          type="file"
          accept={
            format === 'qti'
              ? '.zip,application/zip'
              : format === 'csv'
                ? '.csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values'
                : '.txt,.gift,text/plain'
          }
          onChange={(e) => void onFile(e)}
        />
      </div>
      <FormError message={fileProblem} />
      {preview?.refused && <FormError message={`${preview.name} cannot be imported: ${preview.refused}`} />}
      {importQuestions.isError && (
        <div role="alert">
          <p className={review.rowError}>{errorMessage(importQuestions.error, 'The import failed.')}</p>
          {rowErrors.length > 0 && (
            <ul aria-label="Rows with errors">
              {rowErrors.map((e) => (
                <li key={`${e.row}-${e.error}`}>
                  Row {e.row}: {e.error}
                </li>
              ))}
            </ul>
          )}
          {itemErrors.length > 0 && (
            <ul aria-label="Items with errors">
              {itemErrors.map((e) => (
                <li key={`${e.item}-${e.error}`}>
                  Item {e.item} ({e.file}): {e.error}
                </li>
              ))}
            </ul>
          )}
          {lineErrors.length > 0 && (
            <ul aria-label="Lines with errors">
              {lineErrors.map((e) => (
                <li key={`${e.line}-${e.error}`}>
                  Line {e.line}: {e.error}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {qtiPreview.isPending && <p role="status">Reading {qtiFile?.name}...</p>}
      {qtiPreview.isError && (
        <FormError
          message={`${qtiFile?.name ?? 'The package'}: ${errorMessage(qtiPreview.error, 'could not be read.')}`}
        />
      )}
      {qtiFile?.read && (
        <>
          <p>
            {qtiFile.name}: {qtiFile.read.questions.length} question{qtiFile.read.questions.length === 1 ? '' : 's'}
            {qtiRefused > 0
              ? `; ${qtiRefused} item${qtiRefused === 1 ? '' : 's'} refused, marked below. Nothing is imported while an item is refused: remove ${qtiRefused === 1 ? 'it' : 'them'} from the package, or change ${qtiRefused === 1 ? 'it' : 'them'} in the tool that made it`
              : ''}
            .
          </p>
          <QtiPreviewTable key={reads} read={qtiFile.read} serverErrors={itemErrors} />
        </>
      )}
      {textPreview && (
        <>
          <p>
            {textPreview.name} (read as {encodingName(textPreview.encoding)}): {textPreview.questions.length} question
            {textPreview.questions.length === 1 ? '' : 's'}
            {textProblemLines > 0
              ? `; ${textProblemLines} line${textProblemLines === 1 ? '' : 's'} with problems, marked below`
              : ''}
            .
          </p>
          <TextPreviewTable key={reads} preview={textPreview} found={textProblems} serverErrors={lineErrors} />
        </>
      )}
      {preview && preview.rows.length > 0 && (
        <>
          <p>
            {preview.name} (read as {encodingName(preview.encoding)}): {preview.rows.length} question
            {preview.rows.length === 1 ? '' : 's'}
            {csvProblems > 0
              ? `; ${csvProblems} row${csvProblems === 1 ? '' : 's'} with problems, marked below. Nothing is imported while a row has a problem`
              : ''}
            .
          </p>
          <ImportPreviewTable
            key={reads}
            unit="Row"
            rows={preview.rows}
            numberOf={(row) => row.row}
            problemOf={(row) => errorsByRow.get(row.row)}
            columns={[
              {
                header: 'Question',
                cell: (row) => (
                  <QuestionText
                    inline
                    text={row.cells.question ?? ''}
                    format={row.cells.question_format?.trim().toLowerCase() === 'markdown' ? 'markdown' : 'plain'}
                  />
                ),
              },
              { header: 'Type', cell: (row) => row.cells.question_type },
              { header: 'Correct answer', cell: (row) => row.cells.correct_answer },
              { header: 'Profession', cell: (row) => row.cells.profession },
              { header: 'Difficulty', cell: (row) => row.cells.difficulty },
            ]}
          />
        </>
      )}
      {(preview && !preview.refused) || textPreview || qtiFile?.read ? (
        <Button
          onClick={onImport}
          disabled={
            importQuestions.isPending ||
            count === 0 ||
            (format === 'qti' ? qtiRefused > 0 : format !== 'csv' && !fileProfession)
          }
        >
          <span className={review.iconText}>
            <Upload size={16} aria-hidden="true" />{' '}
            {importQuestions.isPending ? 'Importing...' : `Import ${count} questions`}
          </span>
        </Button>
      ) : null}
    </div>
  );
}
