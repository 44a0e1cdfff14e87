import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCase, progressResponse } from '../../contracts/cases.js';
import { meResponse, postsPage } from '../../contracts/network.js';
import { errorBody } from '../../server/platform/errors.js';
import { fastSerializerCompiler, usesFastJsonStringify } from '../../server/platform/serializer.js';

type Serialize = (data: unknown) => string;
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const fast = (schema: z.ZodType) => fastSerializerCompiler(route(schema) as never) as Serialize;
const zod = (schema: z.ZodType) => zodSerializerCompiler(route(schema) as never) as Serialize;

const post = {
  // Keys out of the schema's order, and one the schema does not have.
  likedByMe: true,
  id: '00000000-0000-4000-8000-000000000001',
  user: {
    email: null,
    displayName: 'Ada "the first" \\ Lovelace',
    photoURL: null,
    username: 'ada',
    headline: 'مديرة الموارد البشرية "HR" \\ lead',
    passwordHash: 'secret',
  },
  description: 'line one\nline two \u2028 \ud83d\ude00 <script>',
  mediaType: '',
  mediaURL: null,
  timestamp: '2026-11-22T10:00:00.000Z',
  userId: '00000000-0000-4000-9000-000000000001',
  likeCount: 3,
  commentCount: 0,
  canDelete: false,
  reportedByMe: false,
  internal: { token: 'never sent' },
};

const cases: [string, z.ZodType, unknown][] = [
  [
    'a feed page (nullables, escapes, unknown keys)',
    postsPage,
    {
      posts: [
        post,
        {
          ...post,
          mediaURL: '/m/x.png',
          user: { email: 'a@b.c', displayName: null, photoURL: '/p', username: null, headline: null },
        },
      ],
      nextCursor: null,
    },
  ],
  ['a signed-out member', meResponse, { user: null }],
  [
    'a signed-in member',
    meResponse,
    {
      user: {
        uid: 'u',
        email: 'e',
        displayName: null,
        photoURL: null,
        username: 'x',
        isProfileComplete: true,
        isAdmin: false,
        emailVerified: true,
        headline: null,
        role: 'Recruiter',
        employer: 'St "Mary\'s"',
        location: null,
        about: 'line one\nline two',
        extra: 1,
      },
    },
  ],
  [
    'a public case lookup',
    progressResponse,
    {
      passportNumber: 'P1',
      caseNumber: 'C-1',
      status: 'In Progress',
      servicesSubscribed: [
        {
          serviceName: 'S',
          currentStep: null,
          steps: [
            {
              name: 'a',
              status: 'active',
              description: null,
              expected_days: 3,
              typicalDays: { median: 5, p80: 9, cases: 42 },
              translations: { ar: { name: 'التحقق من "الوثائق"' } },
            },
            {
              name: 'b',
              status: 'pending',
              description: 'Checks "papers"',
              expected_days: null,
              typicalDays: null,
              translations: {},
            },
          ],
          lastUpdated: '2026-11-22T10:00:00.000Z',
          currentStepSince: '2026-11-22T10:00:00.000Z',
          estimatedCompletion: null,
          translations: { hi: { name: 'दस्तावेज़ सत्यापन', description: 'कागज़ात\nकी जाँच' } },
          delayed: true,
          remainingDays: { median: 2, p80: 6, cases: 42 },
        },
      ],
      owner: { name: 'Amina Al-Harbi' },
      documents: { required: 4, requiredAccepted: 2, missing: 1, rejected: 0, awaitingReview: 1 },
      readyToWork: {
        p50: '2026-12-01T10:00:00.000Z',
        p80: '2026-12-09T10:00:00.000Z',
        remainingSteps: 2,
        measuredSteps: 1,
        fewestCases: 42,
        draws: 2000,
      },
    },
  ],
  [
    'an admin case',
    adminCase,
    {
      id: 1,
      case_number: 'C-1',
      passport_number: 'P1',
      client_name: 'Client',
      client_email: null,
      status: 'Completed',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      owner: { id: 4, email: 'owner@example.test', name: null },
      applicant_language: 'ar',
      CaseServices: [
        {
          id: 2,
          service_id: 3,
          current_step: null,
          last_updated: '2026-11-22T10:00:00.000Z',
          Service: { id: 3, name: 'S' },
          current_step_id: null,
          on_last_step: false,
          days_at_step: 12,
          overdue_days: null,
        },
      ],
    },
  ],
  ['an error with and without its code', z.array(errorBody), [{ error: 'x' }, { error: 'y', code: 'z' }]],
];

describe('the compiled response serializer', () => {
  for (const [what, schema, data] of cases) {
    it(`when ${what} is sent, then the bytes are exactly what the zod serializer writes`, () => {
      expect(fast(schema)(data)).toBe(zod(schema)(data));
      expect(usesFastJsonStringify(schema)).toBe(true);
    });
  }

  it('when a required field is missing, then serializing fails (a 500), as with zod', () => {
    const { nextCursor: _dropped, ...withoutCursor } = { posts: [], nextCursor: null };
    expect(() => zod(postsPage)(withoutCursor)).toThrow();
    expect(() => fast(postsPage)(withoutCursor)).toThrow();
    const memberWithoutVerification = {
      user: {
        uid: 'u',
        email: null,
        displayName: null,
        photoURL: null,
        username: null,
        isProfileComplete: false,
        isAdmin: false,
      },
    };
    expect(() => zod(meResponse)(memberWithoutVerification)).toThrow();
    expect(() => fast(meResponse)(memberWithoutVerification)).toThrow();
  });

  it('when a schema cannot be written as JSON Schema (a date), then the zod serializer is used', () => {
    const schema = z.object({ at: z.date() });
    const data = { at: new Date('2026-11-22T10:00:00Z') };
    expect(fast(schema)(data)).toBe('{"at":"2026-11-22T10:00:00.000Z"}');
    expect(fast(schema)(data)).toBe(zod(schema)(data));
    expect(usesFastJsonStringify(schema)).toBe(false);
  });
});
