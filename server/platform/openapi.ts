import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './area.js';
import { errorBody } from './errors.js';

type JsonSchema = { [key: string]: unknown };

/** A way of signing in, as OpenAPI names it: a bearer token, or a session cookie. */
export type SecurityScheme =
  | { type: 'http'; scheme: 'bearer'; bearerFormat: 'JWT'; description: string }
  | { type: 'apiKey'; in: 'cookie'; name: string; description: string };

// Every way of signing in an area has declared (the areas' callers declare theirs when their modules
// load); the document lists them under components.securitySchemes.
const securitySchemes = new Map<string, SecurityScheme>();

/** Names a way of signing in for the document; a route's `security` refers to it by `name`. */
export function declareSecurityScheme(name: string, scheme: SecurityScheme): string {
  securitySchemes.set(name, scheme);
  return name;
}

/** A route's `security`: signed in with this scheme, or (`optional`) signed in or not. */
export const securityOf = (scheme: string, optional = false) =>
  optional ? [{ [scheme]: [] }, {}] : [{ [scheme]: [] }];

/**
 * Every route registered in `scope` from now on says in the document how it is signed in to: the
 * scope's hooks authenticate its requests, which the route's own schema cannot tell.
 */
export function documentSecurity(scope: App, scheme: string, optional = false): void {
  const security = securityOf(scheme, optional);
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security };
  });
}

// What zod writes for the address's whole numbers (`wholeNumber` in the contracts): digits only.
const DIGITS = /^\^\\d\{1,\d+\}\$$/;

/**
 * A path or query value the server reads as digits (`^\d{1,10}$`, then a number) is an integer to
 * a client: the document says so, and the web's generated types take a number there rather than a
 * string. Only parameters: a JSON body's digit string stays a string.
 */
function digitsAsIntegers(schema: unknown): void {
  const properties = (schema as JsonSchema | undefined)?.properties;
  if (!properties || typeof properties !== 'object') return;
  for (const [name, property] of Object.entries(properties as Record<string, JsonSchema>)) {
    if (property.type === 'string' && typeof property.pattern === 'string' && DIGITS.test(property.pattern)) {
      const { pattern: _pattern, ...rest } = property;
      (properties as Record<string, JsonSchema>)[name] = { ...rest, type: 'integer', minimum: 0 };
    }
  }
}

/**
 * zod writes a record keyed by an enum (`z.record(z.enum(professions), ...)`, which holds every key)
 * as `propertyNames` + `additionalProperties` + `required`; clients generated from the document
 * (openapi-typescript among them) read only `properties`, and would see any string key. The same
 * object, written with a property per key.
 */
function exhaustiveRecords(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(exhaustiveRecords);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) exhaustiveRecords(value);
  const keys = (schema.propertyNames as JsonSchema | undefined)?.enum;
  const value = schema.additionalProperties;
  if (!Array.isArray(keys) || typeof value !== 'object' || value === null || schema.properties) return;
  schema.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
  schema.additionalProperties = false;
  delete schema.propertyNames;
}

// Methods whose requests Fastify reads a body of (any content type it has no parser for is a 415).
const METHODS_WITH_A_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The answers Fastify gives a route's requests before its handler runs, in the error handler's
 * `{ error }`: a body over the limit (413) or of a content type nothing parses (415) on a method
 * that carries one, a path value over its length (414, app.ts's frameworkErrors). The route's own
 * declaration of the status wins.
 */
function withFrameworkAnswers<Schema extends { response?: unknown }>(
  schema: Schema,
  methods: string | string[],
  url: string,
): Schema {
  if (!schema.response) return schema;
  const bodies = [methods].flat().some((method) => METHODS_WITH_A_BODY.has(method.toUpperCase()));
  const framework = {
    ...(bodies ? { 413: errorBody, 415: errorBody } : {}),
    ...(url.includes(':') ? { 414: errorBody } : {}),
  };
  return { ...schema, response: { ...framework, ...(schema.response as object) } };
}

/**
 * The OpenAPI 3.1 description at `GET /api/docs`, generated from the zod schemas that validate
 * every request and serialize every answer. The web's API types are generated from it
 * (`npm run api:types`, docs/architecture.md). 3.1 rather than 3.0: its schemas are JSON Schema
 * 2020-12, so a nullable value is `type: [..., "null"]` instead of 3.0's `nullable`, which zod's
 * 3.0 output wrote without a `type`. `app.swagger()` always has it; /api/docs serves it only with
 * `serve` (API_DOCS: off by default in production, decision 030).
 */
export async function registerOpenApi(app: App, options: { serve: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Pathway API', version: '1.0.0' },
      // The API is served by the app itself, on the origin of the page.
      servers: [{ url: '/', description: 'The origin this document is served from' }],
      // Declared when the areas' modules load, which app.ts imports before it builds the app.
      components: { securitySchemes: Object.fromEntries(securitySchemes) },
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform({
        ...route,
        schema: withFrameworkAnswers(route.schema, route.route.method, route.url),
      });
      const schema = transformed.schema as JsonSchema | undefined;
      // A route outside every signed-in scope that names no way of signing in is public.
      if (schema && !schema.hide) schema.security ??= [];
      digitsAsIntegers(schema?.params);
      digitsAsIntegers(schema?.querystring);
      exhaustiveRecords(schema);
      return transformed;
    },
  });
  if (options.serve) app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
