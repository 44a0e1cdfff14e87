import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../../contracts/lms-constants.js';
import type { QuestionStatistic, TopicStatistic } from '../../../contracts/lms.js';
import type { QuestionTextFormat } from '../../../contracts/question-formats.js';
import { lmsDownload, lmsRequest } from '../session.js';
import { adminKey } from './admin-api.js';

/** Downloads the bank (or one profession of it) as CSV. */
export async function downloadQuestionsCsv(profession: string): Promise<void> {
  await lmsDownload('/exam-questions/export', {
    query: { profession: profession || undefined },
    fallbackName: 'exam-questions.csv',
  });
}

export type ImportFile = { text: string; format: 'csv' | QuestionTextFormat; profession?: string; difficulty?: string };

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportFile) =>
      file.format === 'csv'
        ? lmsRequest<{ imported: number }>('/exam-questions/import', { method: 'POST', csv: file.text })
        : lmsRequest<{ imported: number }>('/exam-questions/import', {
            method: 'POST',
            plain: file.text,
            query: { format: file.format, profession: file.profession, difficulty: file.difficulty },
          }),
    // The table and its statistics both live under the questions key.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey('questions') }),
  });
}

export const questionStatisticsQuery = (page: number, profession: string) =>
  queryOptions({
    queryKey: [...adminKey('questions'), 'statistics', page, profession],
    queryFn: () =>
      lmsRequest<{ statistics: QuestionStatistic[]; topics: TopicStatistic[] }>('/exam-questions/statistics', {
        query: { page, pageSize: ADMIN_PAGE_SIZE, profession: profession || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useQuestionStatistics = (page: number, profession: string) =>
  useQuery(questionStatisticsQuery(page, profession));
