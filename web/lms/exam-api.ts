import { hashKey, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AnswerResult,
  ExamAttemptsResponse,
  ExamMode,
  ExamProgress,
  ExamQuestionsResponse,
  ExamReview,
  ExamSummary,
  PracticeAnswerResult,
  RecordedAnswer,
} from '../../contracts/lms.js';
import { lmsRequest, lmsToken } from './session.js';

/** The timed exam: the open session's question, its answers, and the attempts' history, review and retakes. */
export const examKeys = {
  exam: ['lms', 'exam'] as const,
  current: ['lms', 'exam', 'current'] as const,
  attempts: ['lms', 'exam', 'attempts'] as const,
  review: (id: number) => ['lms', 'exam', 'attempts', id, 'review'] as const,
  summary: ['lms', 'exam', 'summary'] as const,
  question: (questionId: number | null) => ['lms', 'exam', 'question', questionId] as const,
  practiceSet: (set: PracticeSet, topic: string | undefined) => ['lms', 'mock-exam', set, topic] as const,
};

/**
 * What an answer or the end of an attempt changes: everything the learner's pages show about the
 * exam (history, summary, progress, achievements), but not the open session's question, whose
 * refetch would throw away the answer being typed.
 */
const refreshExamResults = (queryClient: QueryClient) => {
  const current = hashKey(examKeys.current);
  return queryClient.invalidateQueries({ queryKey: ['lms'], predicate: (query) => query.queryHash !== current });
};

/**
 * The question the server says is current (none: the attempt is over), with the attempt's
 * progress, remaining time and the saved draft. Fetched when the session opens and when the
 * learner asks for the next question (`refetch`), never behind their back (staleTime), and not
 * kept once the session closes (gcTime), so reopening the exam asks the server again.
 */
export const currentExamQuestionQuery = () =>
  queryOptions({
    queryKey: examKeys.current,
    queryFn: () => lmsRequest<ExamQuestionsResponse>('/user/exam/questions'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
  });

export const useCurrentExamQuestion = () => useQuery(currentExamQuestionQuery());

export type DraftAnswer = { questionId: number; userAnswer: string; timer: number | null };

/** Saves the answer being typed as the question's draft (a reload shows it); nothing on screen changes. */
export const useAutoSaveAnswer = () =>
  useMutation({
    mutationFn: (draft: DraftAnswer) => lmsRequest<unknown>('/user/exam/auto-save', { method: 'POST', body: draft }),
  });

/**
 * The same save as the page goes away: a keepalive request outlives the page, so a reload finds
 * the draft. Fire and forget; nobody is left to show a failure to.
 */
export function saveDraftOnExit(draft: DraftAnswer): void {
  const token = lmsToken.get();
  void fetch('/user/exam/auto-save', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(draft),
  }).catch(() => {});
}

export function useSubmitAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { questionId: number; userAnswer: string; clientAnswerId?: string }) =>
      lmsRequest<AnswerResult>('/user/exam/submit', { method: 'POST', body: answer }),
    onSuccess: () => void refreshExamResults(queryClient),
  });
}

/** Ends the attempt (time is up); its results change whether or not the server heard it. */
export function useFinishExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => lmsRequest<unknown>('/user/exam/finish', { method: 'POST' }),
    onSettled: () => void refreshExamResults(queryClient),
  });
}

const HISTORY_PAGE_SIZE = 20;

export const examAttemptsQuery = () =>
  queryOptions({
    queryKey: examKeys.attempts,
    queryFn: () => lmsRequest<ExamAttemptsResponse>('/user/exam/attempts', { query: { pageSize: HISTORY_PAGE_SIZE } }),
  });

export const attemptReviewQuery = (id: number) =>
  queryOptions({
    queryKey: examKeys.review(id),
    queryFn: () => lmsRequest<ExamReview>(`/user/exam/attempts/${id}/review`),
    retry: false,
  });

/** The last attempt's results (or that they are locked). */
export const examSummaryQuery = () =>
  queryOptions({ queryKey: examKeys.summary, queryFn: () => lmsRequest<ExamSummary>('/user/exam/summary') });

export const useExamAttempts = () => useQuery(examAttemptsQuery());
export const useAttemptReview = (id: number) => useQuery(attemptReviewQuery(id));
export const useExamSummary = () => useQuery(examSummaryQuery());

export type PracticeSet = 'mock' | 'mistakes';

/** A practice set: drawn once when the page opens and kept until it closes (a refetch would draw another). */
export const practiceSetQuery = (set: PracticeSet, topic: string | undefined) =>
  queryOptions({
    queryKey: examKeys.practiceSet(set, topic),
    queryFn: () =>
      lmsRequest<ExamQuestionsResponse>('/user/exam/questions', { query: { set, ...(topic ? { topic } : {}) } }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const usePracticeSet = (set: PracticeSet, topic: string | undefined) => useQuery(practiceSetQuery(set, topic));

export type PracticeAnswer = {
  setId: number;
  questionId: number;
  userAnswer: string;
  clientAnswerId: string;
  responseSeconds?: number;
};

/** Tutor mode: one answer of a practice set, marked and explained at once; what the exam feeds is refetched. */
export function useAnswerPracticeQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: PracticeAnswer) =>
      lmsRequest<PracticeAnswerResult>('/user/exam/submit', { method: 'POST', body: answer }),
    // Not the set itself (a refetch would draw another one).
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: ['lms'],
        predicate: (query) => query.queryKey[1] !== 'mock-exam',
      }),
  });
}

/**
 * Starts a retake; everything the exam feeds (history, summary, progress, achievements) is refetched.
 * A refusal refetches the history, which says when a retake may start.
 */
export function useStartAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: ExamMode) => lmsRequest<ExamProgress>('/user/exam/attempts', { method: 'POST', body: { mode } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lms'] }),
    onError: () => void queryClient.invalidateQueries({ queryKey: examKeys.attempts }),
  });
}

// ---- Test-centre mode

/** A question of a test-centre sitting, opened from the navigator (kept, so going back to it works offline too). */
export const testCentreQuestionQuery = (questionId: number | null, initial: ExamQuestionsResponse) =>
  queryOptions({
    queryKey: examKeys.question(questionId),
    queryFn: () =>
      lmsRequest<ExamQuestionsResponse>('/user/exam/questions', { query: { questionId: questionId ?? undefined } }),
    initialData: questionId === null || initial.examQuestions[0]?.id === questionId ? initial : undefined,
    // Opening a question asks the server again (so it becomes the one a reload shows); while that
    // request is under way, or fails offline, the copy kept from before stays on screen.
    staleTime: 0,
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export const useTestCentreQuestion = (questionId: number | null, initial: ExamQuestionsResponse) =>
  useQuery(testCentreQuestionQuery(questionId, initial));

export type QueuedAnswer = { clientAnswerId: string; questionId: number; userAnswer: string };

export const sendRecordedAnswer = (answer: QueuedAnswer) =>
  lmsRequest<RecordedAnswer>('/user/exam/submit', { method: 'POST', body: answer });

export const setQuestionFlag = (attemptId: number, questionId: number, flagged: boolean) =>
  lmsRequest<{ flaggedQuestionIds: number[] }>(`/user/exam/attempts/${attemptId}/flags`, {
    method: 'PUT',
    body: { questionId, flagged },
  });

export function useFinishAttempt(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => lmsRequest<ExamSummary>(`/user/exam/attempts/${attemptId}/finish`, { method: 'POST' }),
    onSettled: () => void refreshExamResults(queryClient),
  });
}

export const finishReasonLabel = {
  completed: 'all questions answered',
  timeout: 'time ran out',
  ended: 'ended early',
} as const;
