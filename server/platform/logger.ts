import { pino, stdSerializers, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

const REDACTED = '[redacted]';

/**
 * Error fields that carry the values of a failed query: Drizzle's `params` (argon2id hashes,
 * emails, passport numbers, whatever was being written) and PostgreSQL's `detail`
 * ("Key (email)=(…) already exists").
 */
const VALUE_FIELDS = ['params', 'parameters', 'detail'];

/** Drizzle puts the parameters in the message too: "Failed query: …\nparams: a,b,c". */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;
/** PostgreSQL quotes the offending value: `invalid input syntax for type integer: "…"`. */
const QUOTED_VALUE = /(invalid input (?:syntax|value) for [^:]*: )"[^"\n]*"/g;

function scrubText(text: unknown): unknown {
  return typeof text === 'string'
    ? text.replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`).replace(QUOTED_VALUE, `$1${REDACTED}`)
    : text;
}

/** Pino's error serializer, minus every value a failed query was run with. */
export function serializeError(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown;
  if (serialized === null || typeof serialized !== 'object') return serialized;
  const record = serialized as Record<string, unknown>;
  for (const field of VALUE_FIELDS) if (field in record) record[field] = REDACTED;
  record.message = scrubText(record.message);
  record.stack = scrubText(record.stack);
  return record;
}

/**
 * The request line without query values: `/api/progress?caseNumber=…&passportNumber=…` would
 * put every lookup's personal data in the log. The parameter names stay, for debugging.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, queryStart)}?${names.join('&')}`;
}

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** `destination` is standard output unless a test captures the log. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        err: serializeError,
        error: serializeError,
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: request.url === undefined ? undefined : redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      // Whatever else might hold a secret when logged as an object of its own.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.passwordHash',
          '*.password_hash',
          '*.token',
          '*.passportNumber',
          '*.passport_number',
        ],
        censor: REDACTED,
      },
    },
    destination,
  );
}
