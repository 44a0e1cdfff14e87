import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Achievement, Course, CourseDetails, ProfileResponse, Progress, RecentCourse, UpcomingExam } from '../../contracts/lms.js';
import { lmsRequest } from './session.js';

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

/** `enabled: false` for a learner known to be on the free plan, who would only get the 403. */
export const useRecentCourses = (enabled = true) =>
  useQuery({ queryKey: lmsKeys.recentCourses, queryFn: () => lmsRequest<{ recentCourses: RecentCourse[] }>('/user/courses/recent'), enabled });
export const useCourses = (enabled = true) => useQuery({ queryKey: lmsKeys.courses, queryFn: () => lmsRequest<{ courses: Course[] }>('/user/courses'), enabled });
export const useCourse = (id: number) => useQuery({ queryKey: lmsKeys.course(id), queryFn: () => lmsRequest<CourseDetails>(`/user/courses/${id}`) });
export const useUpcomingExams = () =>
  useQuery({ queryKey: lmsKeys.upcoming, queryFn: () => lmsRequest<{ upcomingExams: UpcomingExam[] }>('/user/exam/upcoming') });
export const useProgress = () => useQuery({ queryKey: lmsKeys.progress, queryFn: () => lmsRequest<{ progress: Progress }>('/user/progress') });
export const useAchievements = () =>
  useQuery({ queryKey: lmsKeys.achievements, queryFn: () => lmsRequest<{ achievements: Achievement[] }>('/user/achievements') });
export const useProfile = () => useQuery({ queryKey: lmsKeys.profile, queryFn: () => lmsRequest<ProfileResponse>('/user/profile') });

/** Marks a lesson done or not; the course, the recent courses and the progress summary change with it. */
export function useMarkLesson(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { section: number; completed: boolean }) =>
      lmsRequest<CourseDetails>(`/user/courses/${courseId}/progress`, { method: 'PUT', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(lmsKeys.course(courseId), data);
      void queryClient.invalidateQueries({ queryKey: lmsKeys.recentCourses });
      void queryClient.invalidateQueries({ queryKey: lmsKeys.progress });
    },
  });
}
