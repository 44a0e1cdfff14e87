import type { FastifySerializerCompiler } from 'fastify';
import build from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Adapts zod's JSON Schema: `anyOf: [{ type: 'string' }, { type: 'null' }]` (how zod writes `.nullable()`) becomes
 * `type: ['string', 'null']`: fast-json-stringify picks an anyOf branch by validating the value
 * with Ajv on every call, but writes a type list directly.
 */
function forFastJsonStringify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forFastJsonStringify);
  if (node === null || typeof node !== 'object') return node;
  const schema: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // fast-json-stringify writes only the declared properties anyway; `false` here would only
    // make an anyOf branch (a nullable object) refuse a value with extra keys that zod strips.
    if (key === 'additionalProperties' && value === false) continue;
    schema[key] = forFastJsonStringify(value);
  }
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(
      (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (
      nullIndex >= 0 &&
      other &&
      typeof other.type === 'string' &&
      PRIMITIVES.has(other.type) &&
      !('enum' in other) &&
      !('const' in other)
    ) {
      delete schema.anyOf;
      return { ...schema, ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

// Shared by every route and every app built in this process (errorResponses alone is on each route).
const compiled = new WeakMap<object, Serialize>();
const fastSchemas = new WeakSet<object>();

/** Whether the schema was compiled to fast-json-stringify (not zod's fallback); for tests. */
export const usesFastJsonStringify = (schema: object) => fastSchemas.has(schema);

/**
 * Compiles a response schema to fast-json-stringify through zod's own JSON Schema conversion:
 * the output holds exactly the schema's properties, in the schema's order, as zod's serializer
 * wrote them, without validating and rebuilding the value first. A schema JSON Schema cannot
 * express (a transform, a date) keeps zod's serializer.
 */
function compile(schema: $ZodType, fallback: () => Serialize): Serialize {
  const known = compiled.get(schema);
  if (known) return known;
  let serialize: Serialize;
  try {
    const jsonSchema = forFastJsonStringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' })) as JsonSchema;
    delete jsonSchema.$schema;
    serialize = build(jsonSchema as build.AnySchema) as Serialize;
    fastSchemas.add(schema);
  } catch {
    serialize = fallback();
  }
  compiled.set(schema, serialize);
  return serialize;
}

const isZodSchema = (value: unknown): value is $ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

export const fastSerializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = (routeSchema) => {
  const schema = routeSchema.schema;
  const zodSchema = isZodSchema(schema) ? schema : isZodSchema(schema.properties) ? schema.properties : undefined;
  if (!zodSchema) return zodSerializerCompiler(routeSchema);
  return compile(zodSchema, () => zodSerializerCompiler(routeSchema) as Serialize);
};

/**
 * A value as a route answering with `schema` writes it (the same compiled serializer), for an
 * answer sent inside a page instead of on its own (the signed-in feed drawn on the server, issue
 * 42): the page's copy holds exactly the fields the API's does, no more.
 */
export function asAnswered<T>(schema: z.ZodType<T>, value: T): T {
  const serialize = compile(schema, () => (data) => JSON.stringify(schema.parse(data)));
  return JSON.parse(serialize(value)) as T;
}
