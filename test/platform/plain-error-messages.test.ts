import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contracts/platform.js';
import { validationSentence } from '../../server/platform/validation-message.js';
import { ApiError, fieldError } from '../../web/lib/http.js';
import { signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * The server writes every validation error as the sentence a screen shows (`error`), with the field
 * it is about (`field`) and `code: VALIDATION_FAILED`; the web client shows it as it is. These run
 * real requests through the app and hand the real answers to the client's error type.
 */
describe('validation errors as the screens show them', () => {
  let t: TestApp;
  let admin: AdminHeaders;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' });
    admin = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  async function shown(request: InjectOptions): Promise<ApiError> {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.error).not.toMatch(/^Invalid (body|query|params)/);
    return new ApiError(response.statusCode, body.error, body.code, body.field);
  }

  it.each([
    [
      'a case number that is too long',
      { method: 'GET' as const, url: '/api/progress', query: { caseNumber: 'X'.repeat(70), passportNumber: 'P1' } },
      'Case number must be at most 64 characters.',
    ],
    [
      'a missing passport number',
      { method: 'GET' as const, url: '/api/progress', query: { caseNumber: 'LK-1' } },
      'Please enter the passport number.',
    ],
    [
      'an over-long service name',
      { method: 'POST' as const, url: '/api/caseadmin/services', payload: { name: 'S'.repeat(120) } },
      'Name must be at most 100 characters.',
    ],
    [
      'a step without a name',
      { method: 'POST' as const, url: '/api/caseadmin/services/1/steps', payload: { name: '', sequence: 9 } },
      'Please enter the name.',
    ],
    [
      'a service id that is not a number',
      { method: 'GET' as const, url: '/api/caseadmin/services/abc/steps' },
      'Service id must be a positive whole number.',
    ],
  ])(
    'when the server refuses %s, then the message is a plain sentence without the request field names',
    async (_what, request, sentence) => {
      const error = await shown({ ...request, headers: request.url.startsWith('/api/caseadmin') ? admin : {} });
      expect(error.message).toBe(sentence);
    },
  );

  it('when a learner registers with a username the rules refuse, then the message names the username in words', async () => {
    const error = await shown({
      method: 'POST',
      url: '/auth/register',
      payload: { username: 'bad name', password: 'long enough 1', profession: 'nurse' },
    });
    expect(error.message).toMatch(/^Username /);
    expect(error.message).not.toMatch(/Invalid|body/);
  });

  it('when a learner picks a profession the rules do not know, then the message names the profession in words', async () => {
    const error = await shown({
      method: 'POST',
      url: '/auth/register',
      payload: { username: 'okname', password: 'long enough 1', profession: 'astronaut' },
    });
    expect(error.message).toBe('Profession must be one of doctor, nurse, physiotherapist, nutritionist, dentist.');
  });

  it('when a sign-in password is far too long, then the message says so instead of asking for one', async () => {
    const error = await shown({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'okname', password: 'p'.repeat(100_000) },
    });
    expect(error.message).toBe('Password must be at most 200 characters.');
  });

  it('when a form has a place for the field, then the sentence goes next to that field', async () => {
    const error = await shown({
      method: 'POST',
      url: '/api/caseadmin/cases',
      headers: admin,
      payload: { client_name: 'No Passport', serviceIds: [] },
    });
    expect(fieldError(error, ['passport_number', 'client_name'])).toEqual({
      field: 'passport_number',
      message: 'Please enter the passport number.',
    });
    expect(fieldError(error, ['client_name'])).toBeNull();
  });

  it.each([
    [
      'an over-long display name',
      {
        method: 'PUT' as const,
        url: '/api/network/me/profile',
        payload: { username: 'longname', displayName: 'D'.repeat(81) },
      },
      'Display name must be at most 80 characters.',
    ],
    [
      'a sign-up address without a domain',
      {
        method: 'POST' as const,
        url: '/api/network/auth/sign-up',
        payload: { email: 'a@b', password: 'long enough 1' },
      },
      'Please enter a valid email address.',
    ],
  ])(
    'when the server already words %s as a sentence, then that sentence is shown as it is',
    async (_what, request, sentence) => {
      const member = await signUpMember(t, { complete: false });
      const error = await shown({ ...request, headers: member.headers });
      expect(error.message).toBe(sentence);
    },
  );

  it("when the schema's complaint is zod's own wording, then the sentence asks to check that field", () => {
    expect(validationSentence('question_type', 'Invalid option: expected one of "multiple-choice"|"essay"')).toBe(
      'Please check the question type.',
    );
  });

  it('when an error is not a validation error, then its text is shown as the server wrote it', () => {
    const error = new ApiError(409, 'This email is already used by another account');
    expect(error.message).toBe('This email is already used by another account');
    expect(fieldError(error, ['email'])).toBeNull();
  });
});
