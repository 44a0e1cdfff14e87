import type { CreateQuestionBody, Profession, Program } from '../../contracts/lms.js';
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
