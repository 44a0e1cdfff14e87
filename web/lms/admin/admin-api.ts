import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, LESSON_IMAGE_FIELD, type Program } from '../../../contracts/lms-constants.js';
import { unwrap, unwrapPage, type ApiAnswer, type ApiBody } from '../../lib/http.js';
import { formBody } from '../../lib/http-files.js';
import { useListParams } from '../../lib/use-list-params.js';
import { lmsKeys } from '../api.js';
import { lmsApi } from '../session.js';

/** What a paged admin list asks for: its page, and the filters that are not empty. */
export type PageQuery<Name extends string> = { page: number; pageSize: number } & Partial<Record<Name, string>>;

/**
 * One page of an admin list, its rows and the total from the x-total-count header. Empty filters are
 * not sent. `fetchPage` is the list's typed call: `(query) => lmsApi.GET('/admin/users', { params: { query } })`.
 */
export const pagedListQuery = <Data, Name extends string = never>(
  key: string,
  fetchPage: (query: PageQuery<Name>) => Promise<ApiAnswer<Data>>,
  filters: Record<Name, string>,
  page: number,
) => {
  const sent = Object.fromEntries(
    Object.entries<string>(filters).flatMap(([name, value]) => (value.trim() ? [[name, value.trim()]] : [])),
  ) as Partial<Record<Name, string>>;
  return queryOptions({
    queryKey: [...adminKey(key), page, sent],
    queryFn: () => unwrapPage(fetchPage({ ...sent, page, pageSize: ADMIN_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
};

/**
 * A paged admin list whose page and filters live in the address (web/lib/use-list-params.ts):
 * `filterDefaults` names each filter with its default, `accept` refuses values the server would.
 */
export function usePagedList<Data, Name extends string = never>(
  key: string,
  fetchPage: (query: PageQuery<Name>) => Promise<ApiAnswer<Data>>,
  filterDefaults = {} as Record<Name, string>,
  accept: Partial<Record<Name, (value: string) => boolean>> = {},
) {
  const { filters, page, update } = useListParams<Name>(filterDefaults, accept);
  const query = useQuery(pagedListQuery<Data, Name>(key, fetchPage, filters, page));
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

export type QuestionBody = ApiBody<'/exam-questions', 'post'>;
export const useAddQuestion = () =>
  useAdminMutation([adminKey('questions')], (body: QuestionBody) => unwrap(lmsApi.POST('/exam-questions', { body })));
export const useUpdateQuestion = () =>
  useAdminMutation([adminKey('questions')], ({ id, body }: { id: number; body: QuestionBody }) =>
    unwrap(lmsApi.PUT('/exam-questions/{id}', { params: { path: { id } }, body })),
  );
export const useDeleteQuestion = () =>
  useAdminMutation([adminKey('questions')], (id: number) =>
    unwrap(lmsApi.DELETE('/exam-questions/{id}', { params: { path: { id } } })),
  );

export type CourseBody = ApiBody<'/admin/courses', 'post'>;
// Learners' course lists change with the catalogue.
export const useAddCourse = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], (body: CourseBody) =>
    unwrap(lmsApi.POST('/admin/courses', { body })),
  );
/** The course with its lessons, as the editor opens it. */
export const adminCourseQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKey('courses'), 'one', id],
    queryFn: () => unwrap(lmsApi.GET('/admin/courses/{id}', { params: { path: { id } } })),
  });
export const useUpdateCourse = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], ({ id, body }: { id: number; body: CourseBody }) =>
    unwrap(lmsApi.PUT('/admin/courses/{id}', { params: { path: { id } }, body })),
  );
/** Publishes a course or takes it back to a draft; learners' course lists change with it. */
export const useSetCoursePublished = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], ({ id, published }: { id: number; published: boolean }) =>
    published
      ? unwrap(lmsApi.POST('/admin/courses/{id}/publish', { params: { path: { id } } }))
      : unwrap(lmsApi.POST('/admin/courses/{id}/unpublish', { params: { path: { id } } })),
  );
export const useDeleteCourse = () =>
  useAdminMutation([adminKey('courses'), lmsKeys.courses], (id: number) =>
    unwrap(lmsApi.DELETE('/admin/courses/{id}', { params: { path: { id } } })),
  );

export const adminUpcomingExamsQuery = () =>
  queryOptions({
    queryKey: adminKey('upcoming'),
    queryFn: () => unwrap(lmsApi.GET('/admin/upcoming-exams')),
  });
export const useAdminUpcomingExams = () => useQuery(adminUpcomingExamsQuery());
export type UpcomingExamBody = ApiBody<'/admin/upcoming-exams', 'post'>;
export const useAddUpcomingExam = () =>
  useAdminMutation([adminKey('upcoming'), lmsKeys.upcoming], (body: UpcomingExamBody) =>
    unwrap(lmsApi.POST('/admin/upcoming-exams', { body })),
  );
export const useDeleteUpcomingExam = () =>
  useAdminMutation([adminKey('upcoming'), lmsKeys.upcoming], (id: number) =>
    unwrap(lmsApi.DELETE('/admin/upcoming-exams/{id}', { params: { path: { id } } })),
  );

export const useGradeEssay = () =>
  useAdminMutation([adminKey('essays')], ({ id, correct, note }: { id: number; correct: boolean; note: string }) =>
    unwrap(lmsApi.PUT('/admin/essays/{id}', { params: { path: { id } }, body: { correct, note } })),
  );

export const useSetPrograms = () =>
  useAdminMutation([adminKey('users')], ({ id, allowed }: { id: number; allowed: Program[] }) =>
    unwrap(lmsApi.PUT('/admin/users/{id}/programs', { params: { path: { id } }, body: { allowed_programs: allowed } })),
  );
/** A learner's accommodation and its recorded changes (paged, newest first). */
export const accommodationQuery = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...adminKey('users'), userId, 'accommodation', page],
    queryFn: () =>
      unwrapPage(
        lmsApi.GET('/admin/users/{id}/accommodation', {
          params: { path: { id: userId }, query: { page, pageSize: ADMIN_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export const useAccommodation = (userId: number | null, page: number) =>
  useQuery({ ...accommodationQuery(userId ?? 0, page), enabled: userId !== null });
export type AccommodationChangeBody = ApiBody<'/admin/users/{id}/accommodation', 'put'>;
export const useSetAccommodation = () =>
  useAdminMutation([adminKey('users')], ({ id, body }: { id: number; body: AccommodationChangeBody }) =>
    unwrap(lmsApi.PUT('/admin/users/{id}/accommodation', { params: { path: { id } }, body })),
  );
/** Issues access codes; the list shows them at once. */
export const useIssueAccessCodes = () =>
  useAdminMutation([adminKey('access-codes')], (body: ApiBody<'/admin/access-codes', 'post'>) =>
    unwrap(lmsApi.POST('/admin/access-codes', { body })),
  );

/** The user's sessions end on the server; the account log gains the change. */
export const useSetUserPassword = () =>
  useAdminMutation(
    // The account log gains the change.
    [adminKey('account-actions')],
    ({ id, password, adminPassword }: { id: number; password: string; adminPassword?: string }) =>
      unwrap(
        lmsApi.PUT('/admin/users/{id}/password', {
          params: { path: { id } },
          body: adminPassword === undefined ? { password } : { password, adminPassword },
        }),
      ),
  );

export const examSettingsQuery = () =>
  queryOptions({
    queryKey: adminKey('exam-settings'),
    queryFn: () => unwrap(lmsApi.GET('/admin/exam-settings')),
  });
export const useExamSettings = () => useQuery(examSettingsQuery());
export function useSaveExamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApiBody<'/admin/exam-settings', 'put'>) =>
      unwrap(lmsApi.PUT('/admin/exam-settings', { body: settings })),
    onSuccess: (saved) => queryClient.setQueryData(examSettingsQuery().queryKey, saved),
  });
}

/** Uploads an image for lesson text (a multipart form); resolves with its address. */
export async function uploadLessonImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append(LESSON_IMAGE_FIELD, file);
  return unwrap(lmsApi.POST('/admin/lesson-images', formBody(form)));
}
