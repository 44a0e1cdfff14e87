import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PAGE_SIZE,
  bankStatisticFilters,
  difficulties,
  professions,
  questionTypes,
  TOPIC_MAX_LENGTH,
} from '../../../contracts/lms-constants.js';
import type { QuestionTextFormat } from '../../../contracts/question-formats.js';
import { choiceOf } from '../../lib/choices.js';
import { unwrap } from '../../lib/http.js';
import { asFile, download, textBody } from '../../lib/http-files.js';
import { lmsApi } from '../session.js';
import { adminKey } from './admin-api.js';

/** Downloads the bank (or one profession of it) as CSV. */
export const downloadQuestionsCsv = (profession: string) =>
  download(
    lmsApi.GET('/exam-questions/export', {
      params: { query: { profession: choiceOf(professions, profession) } },
      ...asFile,
    }),
    'exam-questions.csv',
  );

/** Downloads the bank's choice questions (or one profession's) as a QTI 3.0 content package. */
export const downloadQuestionsQti = (profession: string) =>
  download(
    lmsApi.GET('/exam-questions/export/qti', {
      params: { query: { profession: choiceOf(professions, profession) } },
      ...asFile,
    }),
    'exam-questions-qti.zip',
  );

/**
 * A zip sent as its bytes. The OpenAPI document types a binary body as a string; the browser sends
 * the File itself, so it passes through the serializer untouched.
 */
const zipBody = (file: Blob) => ({
  body: file as unknown as string,
  bodySerializer: (body: string) => body,
  headers: { 'content-type': 'application/zip' },
});

export type ImportFile =
  | { text: string; format: 'csv' | QuestionTextFormat; profession?: string; difficulty?: string }
  | { zip: Blob; format: 'qti'; profession?: string; difficulty?: string };

/** A QTI package read by the server as its import would read it, nothing stored. */
export function useQtiPreview() {
  return useMutation({
    mutationFn: ({ zip, profession, difficulty }: { zip: Blob; profession?: string; difficulty?: string }) =>
      unwrap(
        lmsApi.POST('/exam-questions/import/preview', {
          ...zipBody(zip),
          params: {
            query: { profession: choiceOf(professions, profession), difficulty: choiceOf(difficulties, difficulty) },
          },
        }),
      ),
  });
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportFile) =>
      unwrap(
        file.format === 'qti'
          ? lmsApi.POST('/exam-questions/import', {
              ...zipBody(file.zip),
              params: {
                query: {
                  format: 'qti',
                  profession: choiceOf(professions, file.profession),
                  difficulty: choiceOf(difficulties, file.difficulty),
                },
              },
            })
          : file.format === 'csv'
            ? lmsApi.POST('/exam-questions/import', textBody(file.text, 'text/csv'))
            : lmsApi.POST('/exam-questions/import', {
                ...textBody(file.text, 'text/plain'),
                params: {
                  query: {
                    format: file.format,
                    profession: choiceOf(professions, file.profession),
                    difficulty: choiceOf(difficulties, file.difficulty),
                  },
                },
              }),
      ),
    // The table and its statistics both live under the questions key.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey('questions') }),
  });
}

/** The bank's filters as the address keeps them (every value a string, '' for none). */
export type BankFilters = Record<'profession' | 'q' | 'topic' | 'difficulty' | 'question_type' | 'statistic', string>;
export const bankFilterDefaults: BankFilters = {
  profession: '',
  q: '',
  topic: '',
  difficulty: '',
  question_type: '',
  statistic: '',
};
export const bankFilterAccepts: Partial<Record<keyof BankFilters, (value: string) => boolean>> = {
  profession: (value) => (professions as readonly string[]).includes(value),
  q: (value) => value.length <= 200,
  topic: (value) => value.length <= TOPIC_MAX_LENGTH,
  difficulty: (value) => (difficulties as readonly string[]).includes(value),
  question_type: (value) => (questionTypes as readonly string[]).includes(value),
  statistic: (value) => (bankStatisticFilters as readonly string[]).includes(value),
};

/** The filters as GET /exam-questions (and its statistics) take them: empty ones left out. */
export const bankQuery = (filters: Partial<BankFilters>) => ({
  profession: choiceOf(professions, filters.profession),
  q: filters.q?.trim() || undefined,
  topic: filters.topic?.trim() || undefined,
  difficulty: choiceOf(difficulties, filters.difficulty),
  question_type: choiceOf(questionTypes, filters.question_type),
  statistic: choiceOf(bankStatisticFilters, filters.statistic),
});

export const questionStatisticsQuery = (page: number, filters: BankFilters) =>
  queryOptions({
    queryKey: [...adminKey('questions'), 'statistics', page, filters],
    queryFn: () =>
      unwrap(
        lmsApi.GET('/exam-questions/statistics', {
          params: { query: { page, pageSize: ADMIN_PAGE_SIZE, ...bankQuery(filters) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useQuestionStatistics = (page: number, filters: BankFilters) =>
  useQuery(questionStatisticsQuery(page, filters));
