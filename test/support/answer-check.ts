import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/*
 * Real answers against the OpenAPI document the web's types are generated from: an answer whose
 * status the route does not declare, whose content type it does not declare, or whose body does not
 * match the declared schema makes the web trust something that is not there.
 */

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema };
type Response = { content?: Record<string, MediaType> };
type Operation = { responses?: Record<string, Response> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type Answer = {
  method: string;
  /** The path and query the request was sent to. */
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
};

/** The document's path template a request path falls under (`/api/network/posts/{id}` for `/api/network/posts/abc`). */
function templateOf(document: OpenApiDocument, path: string): string | undefined {
  const segments = path.split('/');
  let best: { template: string; literals: number } | undefined;
  for (const template of Object.keys(document.paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let literals = 0;
    const fits = parts.every((part, index) => {
      if (/^\{[^}]+\}$/.test(part)) return segments[index] !== '';
      literals += 1;
      return part === segments[index];
    });
    // A literal segment wins over a parameter (`/cases/export` over `/cases/{id}`), as the router decides.
    if (fits && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template;
}

/** What is wrong with an answer by the document; empty when it is as declared. */
export function createAnswerCheck(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };

  return (answer: Answer): string[] => {
    const path = decodeURI(answer.url.split('?')[0] ?? '');
    const template = templateOf(document, path);
    // Not a documented route (a hidden one such as /api/docs, or no route at all): nothing declared.
    const operation = template ? document.paths[template]?.[answer.method.toLowerCase()] : undefined;
    if (!template || !operation) return [];
    const where = `${answer.method} ${template} ${answer.statusCode}`;
    const responses = operation.responses ?? {};
    const status = String(answer.statusCode);
    const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!declared) return [`${where}: the status is not declared (${Object.keys(responses).join(', ')} are)`];
    const contentType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    const media = declared.content ?? {};
    if (Object.keys(media).length === 0) {
      return answer.body === '' ? [] : [`${where}: declared without a body, answered ${contentType || 'a body'}`];
    }
    const declaredMedia = contentType ? (media[contentType] ?? media['*/*']) : undefined;
    if (!declaredMedia)
      return [`${where}: answered ${contentType || 'no content type'}, declared ${Object.keys(media).join(', ')}`];
    if (contentType !== 'application/json' || !declaredMedia.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = validatorOf(declaredMedia.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${where}: ${error.instancePath || 'the body'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  };
}

/** An answer the document does not describe. */
export class UndocumentedAnswer extends Error {
  constructor(readonly problems: string[]) {
    super(`The answer is not the one the OpenAPI document declares:\n${problems.join('\n')}`);
  }
}

type Injecting = {
  swagger(): unknown;
  inject: (...args: never[]) => unknown;
};

/**
 * Every answer `app.inject` gives from now on is checked against the app's own OpenAPI document;
 * one that differs rejects with an UndocumentedAnswer naming the route, the status and what differs.
 */
export function checkEveryAnswer(app: Injecting): void {
  const check = createAnswerCheck(app.swagger() as OpenApiDocument);
  // The promise form only (what the tests use); light-my-request's chain and callback forms pass through.
  const inject = app.inject.bind(app) as (options: unknown) => unknown;
  const checked = async (options: unknown) => {
    const response = (await inject(options)) as {
      statusCode: number;
      headers: Record<string, unknown>;
      body: string;
      raw: { req: { method?: string; url?: string } };
    };
    const streamed = typeof options === 'object' && options !== null && 'payloadAsStream' in options;
    const problems = check({
      method: response.raw.req.method ?? 'GET',
      url: response.raw.req.url ?? '/',
      statusCode: response.statusCode,
      headers: response.headers,
      body: streamed ? '' : response.body,
    });
    if (problems.length > 0) throw new UndocumentedAnswer(problems);
    return response;
  };
  app.inject = ((options?: unknown) => (options === undefined ? inject(options) : checked(options))) as never;
}
