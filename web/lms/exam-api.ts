import { hashKey, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExamMode } from '../../contracts/lms-constants.js';
import type { CurrentQuestionResponse, ExamForm, PracticeSetResponse } from '../../contracts/lms.js';
import { ApiError, unwrap, type ApiBody } from '../lib/http.js';
import { EXAM_STORAGE_PREFIX } from './exam-on-device.js';
import { lmsApi, lmsToken } from './session.js';

/** The timed exam: the open session's question, its answers, and the attempts' history, review and retakes. */
export const examKeys = {
  exam: ['lms', 'exam'] as const,
  current: ['lms', 'exam', 'current'] as const,
  attempts: ['lms', 'exam', 'attempts'] as const,
  review: (id: number) => ['lms', 'exam', 'attempts', id, 'review'] as const,
  summary: ['lms', 'exam', 'summary'] as const,
  question: (questionId: number | null) => ['lms', 'exam', 'question', questionId] as const,
  form: (attemptId: number) => ['lms', 'exam', 'form', attemptId] as const,
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

/*
 * `GET /user/exam/questions` answers in the shape its query asks for (the spec's one path): the timed
 * exam's current question without `set` (CurrentQuestionResponse), a practice set with `set`
 * (PracticeSetResponse). Each has its call here, which hands back that shape alone.
 */
async function currentQuestion(questionId?: number): Promise<CurrentQuestionResponse> {
  const query = questionId === undefined ? {} : { questionId };
  const answer = await unwrap(lmsApi.GET('/user/exam/questions', { params: { query } }));
  if (!('attempt' in answer)) throw new Error('The exam answered a practice set, not its current question');
  return answer;
}

async function drawPracticeSet(set: PracticeSet, topic: string | undefined): Promise<PracticeSetResponse> {
  const query = { set, ...(topic ? { topic } : {}) };
  const answer = await unwrap(lmsApi.GET('/user/exam/questions', { params: { query } }));
  if ('attempt' in answer) throw new Error('The exam answered its current question, not a practice set');
  return answer;
}

/**
 * The question the server says is current (none: the attempt is over), with the attempt's
 * progress, remaining time and the saved draft. Fetched when the session opens and when the
 * learner asks for the next question (`refetch`), never behind their back (staleTime), and not
 * kept once the session closes (gcTime), so reopening the exam asks the server again.
 */
export const currentExamQuestionQuery = () =>
  queryOptions({
    queryKey: examKeys.current,
    queryFn: () => currentQuestion(),
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
    mutationFn: (draft: DraftAnswer) => unwrap(lmsApi.POST('/user/exam/auto-save', { body: draft })),
  });

/**
 * The same save as the page goes away: a keepalive request outlives the page, so a reload finds
 * the draft. Fire and forget; nobody is left to show a failure to.
 */
export function saveDraftOnExit(draft: DraftAnswer): void {
  lmsApi.POST('/user/exam/auto-save', { body: draft, keepalive: true }).catch(() => {});
}

/*
 * `POST /user/exam/submit` answers in the shape its input asks for (the spec's one path): an answer of
 * the timed exam in practice mode is marked, a test-centre answer is recorded, a practice set's answer
 * is marked with the set's count. Each has its call here, which hands back that shape alone.
 */
type SubmitAnswer = Awaited<ReturnType<typeof submit>>;
const submit = (body: ApiBody<'/user/exam/submit', 'post'>) => unwrap(lmsApi.POST('/user/exam/submit', { body }));

async function submitFor<Shape extends SubmitAnswer>(
  body: ApiBody<'/user/exam/submit', 'post'>,
  isShape: (answer: SubmitAnswer) => answer is Shape,
): Promise<Shape> {
  const answer = await submit(body);
  if (!isShape(answer)) throw new Error('The exam answered in a shape this screen does not expect');
  return answer;
}

/** An answer of the timed exam in practice mode: marked at once. */
export const submitPracticeAnswer = (answer: { questionId: number; userAnswer: string; clientAnswerId?: string }) =>
  submitFor(answer, (result) => 'correct' in result && 'attempt' in result);

/** A test-centre answer: recorded, nothing said about it until the end. */
export const sendRecordedAnswer = (answer: QueuedAnswer) => submitFor(answer, (result) => 'recorded' in result);

/** An answer of a practice set (tutor mode): marked and explained at once, with the set's count. */
export const answerPracticeQuestion = (answer: PracticeAnswer) =>
  submitFor(answer, (result) => 'practiceSet' in result);

export function useSubmitAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPracticeAnswer,
    onSuccess: () => void refreshExamResults(queryClient),
  });
}

/** Ends the attempt (time is up); its results change whether or not the server heard it. */
export function useFinishExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(lmsApi.POST('/user/exam/finish')),
    onSettled: () => void refreshExamResults(queryClient),
  });
}

const HISTORY_PAGE_SIZE = 20;

export const examAttemptsQuery = () =>
  queryOptions({
    queryKey: examKeys.attempts,
    queryFn: () => unwrap(lmsApi.GET('/user/exam/attempts', { params: { query: { pageSize: HISTORY_PAGE_SIZE } } })),
  });

export const attemptReviewQuery = (id: number) =>
  queryOptions({
    queryKey: examKeys.review(id),
    queryFn: () => unwrap(lmsApi.GET('/user/exam/attempts/{id}/review', { params: { path: { id } } })),
    retry: false,
  });

/** The last attempt's results (or that they are locked). */
export const examSummaryQuery = () =>
  queryOptions({ queryKey: examKeys.summary, queryFn: () => unwrap(lmsApi.GET('/user/exam/summary')) });

export const useExamAttempts = () => useQuery(examAttemptsQuery());
export const useAttemptReview = (id: number) => useQuery(attemptReviewQuery(id));
export const useExamSummary = () => useQuery(examSummaryQuery());

export type PracticeSet = 'mock' | 'mistakes' | 'adaptive' | 'review';

/** A practice set: drawn once when the page opens and kept until it closes (a refetch would draw another). */
export const practiceSetQuery = (set: PracticeSet, topic: string | undefined) =>
  queryOptions({
    queryKey: examKeys.practiceSet(set, topic),
    queryFn: () => drawPracticeSet(set, topic),
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
    mutationFn: answerPracticeQuestion,
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
    mutationFn: (mode: ExamMode) => unwrap(lmsApi.POST('/user/exam/attempts', { body: { mode } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lms'] }),
    onError: () => void queryClient.invalidateQueries({ queryKey: examKeys.attempts }),
  });
}

// ---- Test-centre mode

/** A question of a test-centre sitting, opened from the navigator (kept, so going back to it works offline too). */
export const testCentreQuestionQuery = (questionId: number | null, initial: CurrentQuestionResponse) =>
  queryOptions({
    queryKey: examKeys.question(questionId),
    queryFn: () => currentQuestion(questionId ?? undefined),
    initialData: questionId === null || initial.examQuestions[0]?.id === questionId ? initial : undefined,
    // Opening a question asks the server again (so it becomes the one a reload shows); while that
    // request is under way, or fails offline, the copy kept from before stays on screen.
    staleTime: 0,
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export const useTestCentreQuestion = (questionId: number | null, initial: CurrentQuestionResponse) =>
  useQuery(testCentreQuestionQuery(questionId, initial));

/*
 * The sitting's whole form on the device (the learner's own questions, options as served, no answer
 * key), so the navigator opens any question without the network. Asked for once each time the
 * sitting opens (a reload brings the answers recorded since), and kept in localStorage beside the
 * answer queue, where a reload without the network still finds it. Forgotten when the sitting ends.
 */
const FORM_PREFIX = `${EXAM_STORAGE_PREFIX}form-`;

function keptForm(attemptId: number): ExamForm | null {
  try {
    const kept = JSON.parse(localStorage.getItem(`${FORM_PREFIX}${attemptId}`) ?? 'null') as ExamForm | null;
    return kept?.attemptId === attemptId && Array.isArray(kept.questions) ? kept : null;
  } catch {
    return null;
  }
}

/** Removes the forms kept on this device, except the running sitting's. */
export function forgetExamForms(except?: number): void {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(FORM_PREFIX) && key !== `${FORM_PREFIX}${except}`) localStorage.removeItem(key);
  }
}

async function examForm(attemptId: number): Promise<ExamForm> {
  const signedInAs = lmsToken.get();
  try {
    const form = await unwrap(lmsApi.GET('/user/exam/attempts/{id}/form', { params: { path: { id: attemptId } } }));
    // Kept only for whoever is still signed in: a form that arrives after sign-out (or after another
    // learner signed in) must not be left on a shared device for the next person to read.
    if (!signedInAs || lmsToken.get() !== signedInAs) return form;
    forgetExamForms(attemptId);
    try {
      localStorage.setItem(`${FORM_PREFIX}${attemptId}`, JSON.stringify(form));
    } catch {
      // A full storage keeps the form in memory only: navigation works offline until a reload.
    }
    return form;
  } catch (error) {
    const kept = error instanceof ApiError && error.status === 0 ? keptForm(attemptId) : null;
    if (kept) return kept;
    throw error;
  }
}

export const examFormQuery = (attemptId: number) =>
  queryOptions({
    queryKey: examKeys.form(attemptId),
    queryFn: () => examForm(attemptId),
    enabled: attemptId > 0,
    // Once on the device it stays: what changes later (answers) is known here, not refetched.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The sitting's form on the device; attemptId 0 (none yet, or paused): not asked for. */
export const useExamForm = (attemptId: number) => useQuery(examFormQuery(attemptId));

export type QueuedAnswer = { clientAnswerId: string; questionId: number; userAnswer: string };

/** A span this device could not reach the server during the sitting, for the exam log's timeline. */
export const reportOfflineSpan = (from: string, to: string) =>
  unwrap(lmsApi.POST('/user/exam/events', { body: { event: 'offline', from, to } }));

export const setQuestionFlag = (attemptId: number, questionId: number, flagged: boolean) =>
  unwrap(
    lmsApi.PUT('/user/exam/attempts/{id}/flags', {
      params: { path: { id: attemptId } },
      body: { questionId, flagged },
    }),
  );

export function useFinishAttempt(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(lmsApi.POST('/user/exam/attempts/{id}/finish', { params: { path: { id: attemptId } } })),
    onSettled: () => void refreshExamResults(queryClient),
  });
}

export const finishReasonLabel = {
  completed: 'all questions answered',
  timeout: 'time ran out',
  ended: 'ended early',
} as const;

// ---- Accommodations: pausing and scheduled breaks (the server's clock stops; decision 029)

/** Stops the attempt's clock: a pause (the accommodation allows it) or a scheduled break that is due. */
export const pauseAttempt = (attemptId: number, kind: 'pause' | 'break') =>
  unwrap(lmsApi.POST('/user/exam/attempts/{id}/pause', { params: { path: { id: attemptId } }, body: { kind } }));

/** Starts the clock again; the server moves the deadline by the time it stood still. */
export const resumeAttempt = (attemptId: number) =>
  unwrap(lmsApi.POST('/user/exam/attempts/{id}/resume', { params: { path: { id: attemptId } } }));
