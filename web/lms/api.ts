import type { LinkedAccountsClient } from '../ui/linked-accounts.js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/http.js';
import { lmsApi } from './session.js';

/** The learner's endpoints: each fetcher with its TanStack Query hook; mutations update what they change. */
export const lmsKeys = {
  all: ['lms'] as const,
  recentCourses: ['lms', 'courses', 'recent'] as const,
  courses: ['lms', 'courses'] as const,
  course: (id: number) => ['lms', 'courses', id] as const,
  upcoming: ['lms', 'upcoming'] as const,
  progress: ['lms', 'progress'] as const,
  achievements: ['lms', 'achievements'] as const,
  profile: ['lms', 'profile'] as const,
};

/** Each endpoint's query: its key, its fetcher and the contract type it answers, for hooks and for the cache alike. */
export const recentCoursesQuery = () =>
  queryOptions({
    queryKey: lmsKeys.recentCourses,
    queryFn: () => unwrap(lmsApi.GET('/user/courses/recent')),
  });
export const coursesQuery = () =>
  queryOptions({ queryKey: lmsKeys.courses, queryFn: () => unwrap(lmsApi.GET('/user/courses')) });
export const courseQuery = (id: number) =>
  queryOptions({
    queryKey: lmsKeys.course(id),
    queryFn: () => unwrap(lmsApi.GET('/user/courses/{id}', { params: { path: { id } } })),
  });
export const upcomingExamsQuery = () =>
  queryOptions({
    queryKey: lmsKeys.upcoming,
    queryFn: () => unwrap(lmsApi.GET('/user/exam/upcoming')),
  });
export const progressQuery = () =>
  queryOptions({ queryKey: lmsKeys.progress, queryFn: () => unwrap(lmsApi.GET('/user/progress')) });
export const achievementsQuery = () =>
  queryOptions({
    queryKey: lmsKeys.achievements,
    queryFn: () => unwrap(lmsApi.GET('/user/achievements')),
  });
export const profileQuery = () =>
  queryOptions({ queryKey: lmsKeys.profile, queryFn: () => unwrap(lmsApi.GET('/user/profile')) });

/** `enabled: false` for a learner known to be on the free plan, who would only get the 403. */
export const useRecentCourses = (enabled = true) => useQuery({ ...recentCoursesQuery(), enabled });
export const useCourses = (enabled = true) => useQuery({ ...coursesQuery(), enabled });
export const useCourse = (id: number) => useQuery(courseQuery(id));
export const useUpcomingExams = () => useQuery(upcomingExamsQuery());
export const useProgress = () => useQuery(progressQuery());
export const useAchievements = () => useQuery(achievementsQuery());
export const useProfile = () => useQuery(profileQuery());

/** Marks a lesson done or not; the course, the recent courses and the progress summary change with it. */
export function useMarkLesson(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { section: number; completed: boolean }) =>
      unwrap(lmsApi.PUT('/user/courses/{id}/progress', { params: { path: { id: courseId } }, body })),
    onSuccess: (data) => {
      queryClient.setQueryData(courseQuery(courseId).queryKey, data);
      void queryClient.invalidateQueries({ queryKey: lmsKeys.recentCourses });
      void queryClient.invalidateQueries({ queryKey: lmsKeys.progress });
    },
  });
}

/** The learner's linked accounts (issue 41): the profile page's screen. */
export const learnerLinks: LinkedAccountsClient = {
  key: ['lms', 'user', 'links'],
  list: () => unwrap(lmsApi.GET('/user/links')),
  link: (body) => unwrap(lmsApi.POST('/user/links', { body })),
  issueCode: () => unwrap(lmsApi.POST('/user/links/codes')),
  unlink: ({ area, accountId }) =>
    unwrap(lmsApi.DELETE('/user/links/{area}/{accountId}', { params: { path: { area, accountId } } })),
};

/** The learner's journey (issue 41), read through their own sign-in. */
export const learnerJourney = () => unwrap(lmsApi.GET('/user/journey'));
