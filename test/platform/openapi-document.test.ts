import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: string;

  beforeAll(async () => {
    t = await createTestApp();
    document = JSON.stringify(t.app.swagger());
  });
  afterAll(() => t.close());

  it("when Redocly lints it with its recommended rules, then it finds no errors (the web's API types are generated from it)", async () => {
    const problems = await lintFromString({
      source: document,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);
    expect(errors).toEqual([]);
  });
});
