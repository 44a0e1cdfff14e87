import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import type { TestApp } from '../test-app.js';

let adminCounter = 0;

/** A case admin account and a bearer token for it, made through the real login. */
export async function signInCaseAdmin(t: TestApp) {
  const email = `admin${++adminCounter}@example.test`;
  const password = 'correct horse battery';
  await upsertCaseAdmin(t.db, email, password);
  const response = await t.app.inject({ method: 'POST', url: '/api/caseadmin/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const { token } = response.json<{ token: string }>();
  return { email, password, token, headers: { authorization: `Bearer ${token}` } };
}
