import type { CreateQuestionBody, Profession, Program } from '../../contracts/lms.js';
import { lmsUsers, practiceAnswers, practiceSets } from '../../server/db/schema/lms.js';
import { setPrograms, upsertLmsAdmin } from '../../server/lms/accounts.js';
import type { TestApp } from '../test-app.js';

let counter = 0;
const PASSWORD = 'correct horse battery';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A learner registered through the real API, optionally granted programs. */
export async function registerLearner(t: TestApp, options: { profession?: Profession; programs?: Program[] } = {}) {
  const username = `learner${++counter}_${Date.now().toString(36)}`;
  const profession = options.profession ?? 'nurse';
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { username, password: PASSWORD, profession },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const { token } = response.json<{ token: string }>();
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: number };
  if (options.programs?.length) await setPrograms(t.db, payload.id, options.programs);
  return { id: payload.id, username, password: PASSWORD, profession, token, headers: bearer(token) };
}
export type Learner = Awaited<ReturnType<typeof registerLearner>>;

/** An LMS admin and a bearer token for it, made through the real login. */
export async function signInLmsAdmin(t: TestApp) {
  const username = `admin${++counter}_${Date.now().toString(36)}`;
  await upsertLmsAdmin(t.db, username, PASSWORD);
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const { token } = response.json<{ token: string }>();
  return { username, token, headers: bearer(token) };
}

export function questionBody(overrides: Partial<CreateQuestionBody> = {}): CreateQuestionBody {
  const n = ++counter;
  return {
    question: `Question ${n}: which is right?`,
    question_type: 'multiple-choice',
    options: ['Right', 'Wrong', 'Also wrong'],
    correct_answer: 'Right',
    explanation: `Because of reason ${n}.`,
    profession: 'nurse',
    difficulty: 'medium',
    ...overrides,
  };
}

export async function createQuestion(
  t: TestApp,
  adminHeaders: Record<string, string>,
  overrides: Partial<CreateQuestionBody> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/exam-questions',
    headers: adminHeaders,
    payload: questionBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create question failed: ${response.body}`);
  return response.json<{ id: number; correct_answer: string; question_type: string }>();
}

/**
 * Learners who have practised, made directly in the database (no sign-in, no HTTP): each gets one
 * practice set holding their answers, right or wrong as given. For calibrating a bank in a test
 * without thousands of requests; the learner under test still answers through the API.
 */
export async function seedPracticedLearners(
  t: TestApp,
  profession: Profession,
  learners: { questionId: number; correct: boolean }[][],
) {
  const now = t.clock.now();
  const users = await t.db
    .insert(lmsUsers)
    .values(
      learners.map(() => ({
        username: `seeded${++counter}_${Date.now().toString(36)}`,
        passwordHash: 'x',
        profession,
      })),
    )
    .returning({ id: lmsUsers.id });
  for (const [index, answers] of learners.entries()) {
    const userId = users[index]?.id ?? 0;
    const [set] = await t.db
      .insert(practiceSets)
      .values({
        userId,
        kind: 'mock',
        questionIds: answers.map((answer) => answer.questionId),
        seed: 1,
        servedAt: now,
        expiresAt: now,
        submittedAt: now,
      })
      .returning({ id: practiceSets.id });
    if (answers.length === 0 || !set) continue;
    await t.db.insert(practiceAnswers).values(
      answers.map((answer) => ({
        setId: set.id,
        questionId: answer.questionId,
        userAnswer: answer.correct ? 'right' : 'wrong',
        outcome: answer.correct ? ('correct' as const) : ('incorrect' as const),
        answeredAt: now,
      })),
    );
  }
  return users.map((user) => user.id);
}
