import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type Area, type Caller, type World } from './callers.js';
import { routeTable, type Access, type Built, type RouteEntry } from './route-table.js';
import { multipartBody, tinyPng } from '../factories/network.js';
import { INTERNALS, tableDigest } from './support.js';

type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  maxLength?: number;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};
type Parameter = { in: 'query' | 'path'; name: string; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type Mutation = { name: string; change: (request: Built) => Built };

const MEGABYTE = 'm'.repeat(1024 * 1024);
const LONG = 'l'.repeat(100_000);
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** The caller a route admits, so the bad input, not the credentials, is what is judged. */
const admittedCaller: Record<Access, Caller> = {
  public: 'anonymous',
  'case admin': 'case admin',
  'LMS user': 'LMS user',
  'LMS admin': 'LMS admin',
  member: 'member',
};

/** A value of another JSON type than `value`. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'twelve';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not a list';
  if (value && typeof value === 'object') return ['not', 'an', 'object'];
  return { unexpected: true };
}

/** Values no parameter of this schema accepts. */
function badParameterValues(schema: JsonSchema): string[] {
  if (schema.type === 'integer' || schema.type === 'number')
    return ['abc', '-1', '1.5', '99999999999999999999', '0x10', '%00'];
  if (schema.enum) return ['not-a-choice', ''];
  if (schema.format === 'uuid') return ['not-a-uuid', '%00', '%27%20OR%201%3D1--'];
  return [`${'q'.repeat((schema.maxLength ?? 10_000) + 1)}`];
}

const allowsNull = (schema: JsonSchema | undefined): boolean =>
  !schema ||
  schema.nullable === true ||
  schema.type === 'null' ||
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (schema.anyOf ?? []).some(allowsNull);

function withQuery(url: string, name: string, value: string | string[]): string {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.delete(name);
  for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  return `${path}?${params.toString().replace(/%25/g, '%')}`;
}

function withPathParam(url: string, route: string, value: string): string {
  const template = route.split(' ')[1]?.split('/') ?? [];
  const [path = '', search] = url.split('?');
  const segments = path.split('/');
  template.forEach((segment, index) => {
    if (segment === ':param') segments[index] = value;
  });
  return `${segments.join('/')}${search ? `?${search}` : ''}`;
}

const raw = (request: Built, payload: string, contentType: string): Built => ({
  ...request,
  headers: { ...request.headers, 'content-type': contentType },
  payload,
});

/** Every bad variant of one route's good request: its body, query and path, each broken in turn. */
function mutationsOf(entry: RouteEntry, operation: Operation | undefined, request: Built): Mutation[] {
  const mutations: Mutation[] = [];
  const body = request.payload;
  const isJsonBody = body !== undefined && !Buffer.isBuffer(body) && typeof body === 'object';
  const isMultipart = Buffer.isBuffer(body);
  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;

  if (isJsonBody) {
    const fields = body as Record<string, unknown>;
    mutations.push({ name: 'an empty object', change: (r) => ({ ...r, payload: {} }) });
    for (const field of bodySchema?.required ?? []) {
      mutations.push({
        name: `without ${field}`,
        change: (r) => ({ ...r, payload: Object.fromEntries(Object.entries(fields).filter(([key]) => key !== field)) }),
      });
    }
    for (const [field, value] of Object.entries(fields)) {
      mutations.push({
        name: `${field} of the wrong type`,
        change: (r) => ({ ...r, payload: { ...fields, [field]: wrongType(value) } }),
      });
      if (!allowsNull(bodySchema?.properties?.[field])) {
        mutations.push({ name: `${field} as null`, change: (r) => ({ ...r, payload: { ...fields, [field]: null } }) });
      }
      mutations.push({
        name: `${field} nested 10,000 levels deep`,
        change: (r) =>
          raw(r, JSON.stringify({ ...fields, [field]: '§' }).replace('"§"', deepJson(10_000)), 'application/json'),
      });
      if (typeof value === 'string') {
        mutations.push({
          name: `${field} of 100,000 characters`,
          change: (r) => ({ ...r, payload: { ...fields, [field]: LONG } }),
        });
        mutations.push({
          name: `${field} of 1 MB`,
          change: (r) => ({ ...r, payload: { ...fields, [field]: MEGABYTE } }),
        });
      }
    }
    mutations.push({ name: 'an extra field', change: (r) => ({ ...r, payload: { ...fields, sneaky_extra: 'x' } }) });
    mutations.push({
      name: 'a __proto__ key',
      change: (r) =>
        raw(r, JSON.stringify(fields).replace(/^\{/, '{"__proto__":{"role":"admin"},'), 'application/json'),
    });
    mutations.push({
      name: 'a constructor.prototype key',
      change: (r) =>
        raw(
          r,
          JSON.stringify(fields).replace(/^\{/, '{"constructor":{"prototype":{"role":"admin"}},'),
          'application/json',
        ),
    });
    mutations.push({
      name: 'the body nested 10,000 levels deep',
      change: (r) => raw(r, deepJson(10_000), 'application/json'),
    });
    mutations.push({ name: 'a JSON array body', change: (r) => raw(r, JSON.stringify([fields]), 'application/json') });
    mutations.push({ name: 'a JSON null body', change: (r) => raw(r, 'null', 'application/json') });
    mutations.push({ name: 'a JSON string body', change: (r) => raw(r, '"text"', 'application/json') });
    mutations.push({ name: 'an empty JSON body', change: (r) => raw(r, '', 'application/json') });
    mutations.push({ name: 'the body as text/plain', change: (r) => raw(r, JSON.stringify(fields), 'text/plain') });
    mutations.push({
      name: 'the body as a url-encoded form',
      change: (r) =>
        raw(
          r,
          new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
          'application/x-www-form-urlencoded',
        ),
    });
    mutations.push({ name: 'the body as XML', change: (r) => raw(r, '<body/>', 'application/xml') });
    mutations.push({
      name: 'the body as multipart',
      change: (r) =>
        raw(
          r,
          '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n',
          'multipart/form-data; boundary=b',
        ),
    });
  }
  if (isMultipart) {
    mutations.push({
      name: 'JSON instead of a form',
      change: (r) => raw(r, '{"description":"json"}', 'application/json'),
    });
    mutations.push({
      name: 'a form cut off before its end',
      change: (r) => ({ ...r, payload: (r.payload as Buffer).subarray(0, (r.payload as Buffer).length - 12) }),
    });
    mutations.push({
      name: 'a form with a wrong boundary',
      change: (r) => ({
        ...r,
        headers: { ...r.headers, 'content-type': 'multipart/form-data; boundary=nothing-like-it' },
      }),
    });
    mutations.push({
      name: 'a file in a field that takes none',
      change: (r) => {
        const form = multipartBody([{ name: 'sneaky', filename: 'x.png', contentType: 'image/png', data: tinyPng }]);
        return { ...r, headers: { ...r.headers, ...form.headers }, payload: form.payload };
      },
    });
    if (entry.route === 'POST /api/network/posts') {
      for (const [name, value] of [
        ['a 1 MB description', MEGABYTE],
        ['a description of 100,000 characters', LONG],
      ] as const) {
        mutations.push({
          name,
          change: (r) => {
            const form = multipartBody([{ name: 'description', value }]);
            return { ...r, headers: { ...r.headers, ...form.headers }, payload: form.payload };
          },
        });
      }
    }
    mutations.push({
      name: 'a form without a boundary',
      change: (r) => ({ ...r, headers: { ...r.headers, 'content-type': 'multipart/form-data' } }),
    });
  }
  if (request.method !== 'GET' && !isJsonBody && !isMultipart) {
    mutations.push({ name: 'broken JSON where no body belongs', change: (r) => raw(r, '{"a":', 'application/json') });
  }
  if (isJsonBody)
    mutations.push({
      name: 'broken JSON',
      change: (r) => raw(r, JSON.stringify(body).slice(0, -3), 'application/json'),
    });

  for (const parameter of operation?.parameters ?? []) {
    for (const value of badParameterValues(parameter.schema)) {
      const shown = value.length > 40 ? `${value.slice(0, 12)}… (${value.length} characters)` : value;
      if (parameter.in === 'query') {
        mutations.push({
          name: `query ${parameter.name}=${shown}`,
          change: (r) => ({ ...r, url: withQuery(r.url, parameter.name, value) }),
        });
      } else {
        mutations.push({
          name: `path ${parameter.name}=${shown}`,
          change: (r) => ({ ...r, url: withPathParam(r.url, entry.route, value) }),
        });
      }
    }
    if (parameter.in === 'path') {
      for (const value of ['..%2F..%2Fetc%2Fpasswd', '__proto__', 'constructor']) {
        mutations.push({
          name: `path ${parameter.name}=${value}`,
          change: (r) => ({ ...r, url: withPathParam(r.url, entry.route, value) }),
        });
      }
    }
    if (parameter.in === 'query' && parameter.schema.type !== 'array') {
      mutations.push({
        name: `query ${parameter.name} given twice`,
        change: (r) => ({ ...r, url: withQuery(r.url, parameter.name, ['1', '2']) }),
      });
    }
  }
  return mutations;
}

/**
 * The routes' areas, split over the files that run this test: each file has a world of its own and
 * runs in a worker of its own, so the suite's longest file (3.5 minutes on CI as one file, its table
 * digests growing with every fixture its requests made) is shared out. Together they cover every area.
 */
export const badInputFiles = {
  cases: ['cases'],
  lms: ['lms'],
  'network and platform': ['network', 'platform'],
} as const satisfies Record<string, readonly Area[]>;

type CoveredArea = (typeof badInputFiles)[keyof typeof badInputFiles][number];
// An area no file covers fails the type check here (its key would be required).
const uncoveredAreas: Record<Exclude<Area, CoveredArea>, never> = {};
void uncoveredAreas;

/** Bad input to every route of the file's areas (`test/attack/bad-input-*.test.ts`). */
export function describeBadInput(file: keyof typeof badInputFiles): void {
  const areas: readonly Area[] = badInputFiles[file];
  describe(`bad input to every route (${file})`, () => {
    it('when the route table is split over the bad-input files, then every route is in one of them', () => {
      const covered: readonly Area[] = Object.values(badInputFiles).flat();
      expect(routeTable.filter((entry) => !covered.includes(entry.area)).map((entry) => entry.route)).toEqual([]);
      expect(routeTable.some((entry) => areas.includes(entry.area))).toBe(true);
    });
    describeBadInputOf(routeTable.filter((entry) => areas.includes(entry.area)));
  });
}

function describeBadInputOf(routes: RouteEntry[]): void {
  let w: World;
  let operations: Record<string, Operation>;

  beforeAll(async () => {
    w = await createWorld();
    const document = w.t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = {};
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations[`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, ':param')}`] = operation;
      }
    }
  });
  afterAll(() => w.close());

  const withInput = routes.filter(
    (entry) =>
      !['GET /healthz', 'GET /readyz', 'GET /api/docs', 'GET /api/config', 'GET /api/network/events'].includes(
        entry.route,
      ),
  );

  it.each(withInput.map((entry) => [entry.route, entry] as const))(
    'when %s gets wrong types, missing or extra fields, huge or deep values, odd keys, content types or broken bodies, then it answers 4xx and nothing changes',
    async (_route, entry) => {
      const caller = admittedCaller[entry.access];
      const good = await entry.build(w, caller, w.headersOf(caller, entry.area));
      const failures: string[] = [];
      for (const mutation of mutationsOf(entry, operations[entry.route], good)) {
        // Each variant gets the good request afresh, with whatever fixtures it needs.
        const request = mutation.change(await entry.build(w, caller, w.headersOf(caller, entry.area)));
        const before = await tableDigest(w.t);
        const response = await w.t.app.inject(request);
        const after = await tableDigest(w.t);
        const problems: string[] = [];
        if (response.statusCode < 400 || response.statusCode >= 500)
          problems.push(`status ${response.statusCode}: ${response.body.slice(0, 160)}`);
        if (String(response.headers['content-type']).includes('application/json')) {
          const error = response.json<{ error?: unknown }>().error;
          if (typeof error !== 'string' || error === '') problems.push('no error text');
        }
        if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
        if (INTERNALS.test(response.body)) problems.push(`internals in the body: ${response.body.slice(0, 160)}`);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length) problems.push(`changed ${changed.join(', ')}`);
        if (problems.length) failures.push(`${mutation.name}: ${problems.join('; ')}`);
      }
      expect(failures).toEqual([]);
    },
  );
}
