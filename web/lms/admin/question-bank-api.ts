import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../../contracts/lms-constants.js';
import type { ImportRowError, QuestionStatistic, TopicStatistic } from '../../../contracts/lms.js';
import type { LineError, QuestionTextFormat } from '../../../contracts/question-formats.js';
import { ApiError } from '../../lib/http.js';
import { lmsRequest, lmsToken } from '../session.js';
import { adminKey } from './admin-api.js';

/** A refused import: the server's message and every bad row (CSV) or line (GIFT, Aiken). */
export class ImportFailed extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly rows: ImportRowError[],
    readonly lines: LineError[],
  ) {
    super(status, message);
  }
}

export type ImportFile = { text: string; format: 'csv' | QuestionTextFormat; profession?: string; difficulty?: string };

// The shared JSON client cannot send a text body, so these two calls talk to fetch themselves.
async function postImport(file: ImportFile): Promise<{ imported: number }> {
  const token = lmsToken.get();
  const query = file.format === 'csv' ? '' : `?${new URLSearchParams({ format: file.format, profession: file.profession ?? '', ...(file.difficulty ? { difficulty: file.difficulty } : {}) })}`;
  const response = await fetch(`/exam-questions/import${query}`, {
    method: 'POST',
    headers: { 'content-type': file.format === 'csv' ? 'text/csv' : 'text/plain', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file.text,
  }).catch(() => {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  });
  const body = (await response.json().catch(() => ({}))) as { imported?: number; error?: string; errors?: (ImportRowError | LineError)[] };
  if (!response.ok) {
    if (response.status === 401) lmsToken.clear();
    const errors = body.errors ?? [];
    throw new ImportFailed(
      response.status,
      body.error ?? `Import failed (${response.status})`,
      errors.filter((e): e is ImportRowError => 'row' in e),
      errors.filter((e): e is LineError => 'line' in e),
    );
  }
  return { imported: body.imported ?? 0 };
}

/** Downloads the bank (or one profession of it) as CSV. */
export async function downloadQuestionsCsv(profession: string): Promise<void> {
  const token = lmsToken.get();
  const response = await fetch(`/exam-questions/export${profession ? `?profession=${encodeURIComponent(profession)}` : ''}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, `Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `exam-questions${profession ? `-${profession}` : ''}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport,
    // The table and its statistics both live under the questions key.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey('questions') }),
  });
}

export const useQuestionStatistics = (page: number, profession: string) =>
  useQuery({
    queryKey: [...adminKey('questions'), 'statistics', page, profession],
    queryFn: () =>
      lmsRequest<{ statistics: QuestionStatistic[]; topics: TopicStatistic[] }>('/exam-questions/statistics', {
        query: { page, pageSize: ADMIN_PAGE_SIZE, profession: profession || undefined },
      }),
    placeholderData: keepPreviousData,
  });
