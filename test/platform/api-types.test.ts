import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-app.js';

const HEADER = `/**
 * The API as the server describes it (GET /api/docs), for the web's typed calls (web/lib/http.ts).
 * Generated from the server's own OpenAPI document: do not edit. \`npm run api:types\` writes it
 * again after a route changes; the test that does so fails while this file is out of date.
 */

`;

/** The web's API types from the server's OpenAPI document. */
async function webApiTypes(document: OpenAPI3): Promise<string> {
  // A default a request may leave out stays optional in what the web sends.
  const ast = await openapiTS(document, { defaultNonNullable: false });
  return HEADER + astToString(ast);
}

describe('the web API types', () => {
  it('when a route changes, then web/lib/api-schema.d.ts no longer matches the document until npm run api:types writes it again', async () => {
    const t = await createTestApp();
    try {
      await t.app.ready();
      const types = await webApiTypes(t.app.swagger() as OpenAPI3);
      await expect(types, 'web/lib/api-schema.d.ts is out of date: run npm run api:types').toMatchFileSnapshot(
        '../../web/lib/api-schema.d.ts',
      );
    } finally {
      await t.close();
    }
  });
});
