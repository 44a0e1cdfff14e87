import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../../contracts/lms-constants.js';
import type {
  Accommodation,
  AccommodationResponse,
  AdminCourseDetails,
  AdminQuestion,
  ExamSettings,
  LmsUser,
  UpcomingExam,
} from '../../../contracts/lms.js';
import { useListParams } from '../../lib/use-list-params.js';
import { lmsKeys } from '../api.js';
import { LESSON_IMAGE_FIELD } from '../../../contracts/lms-constants.js';
import { ApiError, UNREACHABLE_MESSAGE } from '../../lib/http.js';
import { lmsRequest, lmsRequestPage, lmsToken } from '../session.js';

/** One page of an admin list, its rows and the total from the x-total-count header. Empty filters are not sent. */
export const pagedListQuery = <T>(
  key: string,
  path: string,
  filters: Record<string, string | undefined>,
  page: number,
) => {
  const sent = Object.fromEntries(
    Object.entries(filters).flatMap(([name, value]) => (value?.trim() ? [[name, value.trim()]] : [])),
  );
  return queryOptions({
    queryKey: [...adminKey(key), page, sent],
    queryFn: () => lmsRequestPage<T>(path, { query: { ...sent, page, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
};

/**
 * A paged admin list whose page and filters live in the address (web/lib/use-list-params.ts):
 * `filterDefaults` names each filter with its default, `accept` refuses values the server would.
 */
export function usePagedList<T, Name extends string = never>(
  key: string,
  path: string,
  filterDefaults = {} as Record<Name, string>,
  accept: Partial<Record<Name, (value: string) => boolean>> = {},
) {
  const { filters, page, update } = useListParams<Name>(filterDefaults, accept);
  const query = useQuery(pagedListQuery<T>(key, path, filters, page));
  return {
    query,
    page,
    setPage: (next: number) => update({ page: String(next) } as Partial<Record<Name | 'page', string>>),
    filters,
    /** Typing in a search box replaces the address entry rather than adding one per key. */
    setFilter: (name: Name, value: string, options?: { replace?: boolean }) =>
      update({ [name]: value } as Partial<Record<Name | 'page', string>>, options),
    pageSize: ADMIN_PAGE_SIZE,
  };
}

export const adminKey = (key: string) => ['lms', 'admin', key] as const;

/**
 * A change made on an admin page: on success every list under the keys it names is fetched
 * again (each key covers its pages, filters and statistics).
 */
function useAdminMutation<Variables, Result>(
  keys: readonly (readonly unknown[])[],
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** As the form holds it; the server validates the choices. */
export type NewQuestion = {
  question: string;
  question_type: string;
  options: string[];
  correct_answer: string;
  explanation: string;
  profession: string;
  difficulty: string;
  topic: string;
};
export const useAddQuestion = () =>
  useAdminMutation([adminKey('questions')], (body: NewQuestion) =>
    lmsRequest('/exam-questions', { method: 'POST', body }),
  );
export const useUpdateQuestion = () =>
  useAdminMutation([adminKey('questions')], ({ id, body }: { id: number; body: NewQuestion }) =>
    lmsRequest<AdminQuestion>(`/exam-questions/${id}`, { method: 'PUT', body }),
  );
export const useDeleteQuestion = () =>
  useAdminMutation([adminKey('questions')], (id: number) => lmsRequest(`/exam-questions/${id}`, { method: 'DELETE' }));

export type NewCourse = {
  title: string;
  description: string;
  profession: string;
  level: string;
  duration: string;
  sections: { title: string; body: string }[];
};
// Learners' course lists change with the catalogue.
export const useAddCourse = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], (body: NewCourse) =>
    lmsRequest('/admin/courses', { method: 'POST', body }),
  );
/** The course with its lessons, as the editor opens it. */
export const adminCourseQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKey('courses'), 'one', id],
    queryFn: () => lmsRequest<AdminCourseDetails>(`/admin/courses/${id}`),
  });
export const useUpdateCourse = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], ({ id, body }: { id: number; body: NewCourse }) =>
    lmsRequest<AdminCourseDetails>(`/admin/courses/${id}`, { method: 'PUT', body }),
  );
export const useDeleteCourse = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], (id: number) =>
    lmsRequest(`/admin/courses/${id}`, { method: 'DELETE' }),
  );

export const adminUpcomingExamsQuery = () =>
  queryOptions({
    queryKey: adminKey('upcoming'),
    queryFn: () => lmsRequest<{ upcomingExams: UpcomingExam[] }>('/admin/upcoming-exams'),
  });
export const useAdminUpcomingExams = () => useQuery(adminUpcomingExamsQuery());
export type NewUpcomingExam = { title: string; exam_date: string; exam_time: string; profession: string };
export const useAddUpcomingExam = () =>
  useAdminMutation([adminKey('upcoming'), lmsKeys.upcoming], (body: NewUpcomingExam) =>
    lmsRequest('/admin/upcoming-exams', { method: 'POST', body }),
  );
export const useDeleteUpcomingExam = () =>
  useAdminMutation([adminKey('upcoming'), lmsKeys.upcoming], (id: number) =>
    lmsRequest(`/admin/upcoming-exams/${id}`, { method: 'DELETE' }),
  );

export const useGradeEssay = () =>
  useAdminMutation([adminKey('essays')], ({ id, correct, note }: { id: number; correct: boolean; note: string }) =>
    lmsRequest(`/admin/essays/${id}`, { method: 'PUT', body: { correct, note } }),
  );

export const useSetPrograms = () =>
  useAdminMutation([adminKey('users')], ({ id, allowed }: { id: number; allowed: string[] }) =>
    lmsRequest<LmsUser>(`/admin/users/${id}/programs`, { method: 'PUT', body: { allowed_programs: allowed } }),
  );
/** A learner's accommodation and its recorded changes (paged, newest first). */
export const accommodationQuery = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...adminKey('users'), userId, 'accommodation', page],
    queryFn: () =>
      lmsRequestPage<AccommodationResponse>(`/admin/users/${userId}/accommodation`, {
        query: { page, pageSize: ADMIN_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
export const useAccommodation = (userId: number | null, page: number) =>
  useQuery({ ...accommodationQuery(userId ?? 0, page), enabled: userId !== null });
export type AccommodationChangeBody = {
  timeMultiplier: number | null;
  extraMinutes: number | null;
  extraAttempts: number;
};
export const useSetAccommodation = () =>
  useAdminMutation([adminKey('users')], ({ id, body }: { id: number; body: AccommodationChangeBody }) =>
    lmsRequest<Accommodation>(`/admin/users/${id}/accommodation`, { method: 'PUT', body }),
  );
/** Changes no list: the user's sessions end on the server. */
export const useSetUserPassword = () =>
  useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      lmsRequest<null>(`/admin/users/${id}/password`, { method: 'PUT', body: { password } }),
  });

export const examSettingsQuery = () =>
  queryOptions({
    queryKey: adminKey('exam-settings'),
    queryFn: () => lmsRequest<ExamSettings>('/admin/exam-settings'),
  });
export const useExamSettings = () => useQuery(examSettingsQuery());
export function useSaveExamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ExamSettings) =>
      lmsRequest<ExamSettings>('/admin/exam-settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(examSettingsQuery().queryKey, saved),
  });
}

/** Uploads an image for lesson text (multipart, which the JSON helper cannot send); resolves with its address. */
export async function uploadLessonImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append(LESSON_IMAGE_FIELD, file);
  const token = lmsToken.get();
  let response: Response;
  try {
    response = await fetch('/admin/lesson-images', {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string; code?: string };
  if (!response.ok || !body.url)
    throw new ApiError(response.status, body.error ?? `Request failed (${response.status})`, body.code);
  return { url: body.url };
}
