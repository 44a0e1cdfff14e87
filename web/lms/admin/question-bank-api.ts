import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, difficulties, professions } from '../../../contracts/lms-constants.js';
import type { QuestionTextFormat } from '../../../contracts/question-formats.js';
import { choiceOf } from '../../lib/choices.js';
import { asFile, download, textBody, unwrap } from '../../lib/http.js';
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

export type ImportFile = { text: string; format: 'csv' | QuestionTextFormat; profession?: string; difficulty?: string };

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportFile) =>
      unwrap(
        file.format === 'csv'
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

export const questionStatisticsQuery = (page: number, profession: string) =>
  queryOptions({
    queryKey: [...adminKey('questions'), 'statistics', page, profession],
    queryFn: () =>
      unwrap(
        lmsApi.GET('/exam-questions/statistics', {
          params: { query: { page, pageSize: ADMIN_PAGE_SIZE, profession: choiceOf(professions, profession) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useQuestionStatistics = (page: number, profession: string) =>
  useQuery(questionStatisticsQuery(page, profession));
