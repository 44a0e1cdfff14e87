import { describe, expect, it } from 'vitest';
import { createAnswerCheck, type Answer, type OpenApiDocument } from '../support/answer-check.js';

// A document as @fastify/swagger writes one: a JSON answer, a file answer and a 204.
const document: OpenApiDocument = {
  paths: {
    '/api/cases/{id}': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, name: { type: 'string' } },
                  required: ['id', 'name'],
                },
              },
            },
          },
          '4XX': {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
              },
            },
          },
        },
      },
      delete: { responses: { 204: { content: {} } } },
    },
    '/api/cases/export': {
      get: { responses: { 200: { content: { 'text/csv': { schema: { type: 'string' } } } } } },
    },
  },
};

const check = createAnswerCheck(document);
const json = (method: string, url: string, statusCode: number, body: unknown): Answer => ({
  method,
  url,
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

describe('checking an answer against the OpenAPI document', () => {
  it('when the answer is as declared (a JSON body, an error under 4XX, an empty 204, a CSV), then nothing is wrong', () => {
    expect(check(json('GET', '/api/cases/12', 200, { id: 12, name: 'أحمد ٣' }))).toEqual([]);
    expect(check(json('GET', '/api/cases/12', 404, { error: 'Case not found' }))).toEqual([]);
    expect(check({ method: 'DELETE', url: '/api/cases/12', statusCode: 204, headers: {}, body: '' })).toEqual([]);
    const csv = { method: 'GET', url: '/api/cases/export?x=1', statusCode: 200, body: 'a,b\n' };
    expect(check({ ...csv, headers: { 'content-type': 'text/csv; charset=utf-8' } })).toEqual([]);
  });

  it('when the body differs from the schema, then the check names the route, the status and the field', () => {
    const problems = check(json('GET', '/api/cases/12', 200, { id: '12', name: 'x' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^GET \/api\/cases\/\{id\} 200: \/id must be integer/);
    expect(check(json('GET', '/api/cases/12', 200, { id: 12 }))[0]).toMatch(/must have required property 'name'/);
  });

  it('when the status or the content type is not declared, or a 204 has a body, then the check says so', () => {
    expect(check(json('GET', '/api/cases/12', 500, { error: 'x' }))[0]).toMatch(/the status is not declared/);
    const html = { ...json('GET', '/api/cases/12', 200, {}), headers: { 'content-type': 'text/html' } };
    expect(check(html)[0]).toMatch(/answered text\/html, declared application\/json/);
    expect(check(json('DELETE', '/api/cases/12', 204, { id: 1 }))[0]).toMatch(/declared without a body/);
  });

  it('when a literal path and a parameter both fit, then the literal route is the one checked (as the router decides)', () => {
    const csv = { method: 'GET', url: '/api/cases/export', statusCode: 200, body: 'a\n' };
    expect(check({ ...csv, headers: { 'content-type': 'text/csv' } })).toEqual([]);
  });

  it('when the path is not in the document, then nothing is declared and nothing is checked', () => {
    expect(check(json('GET', '/api/docs/json', 200, {}))).toEqual([]);
  });
});
