import { BlockList, isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultLicenceAuthorities, LICENCE_AUTHORITY_MAX_LENGTH } from '../contracts/case-licences-constants.js';
import { credentialKeyList } from './platform/credentials.js';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const cronExpression = /^\S+(\s+\S+){4}$/;
/** A recurring job's time (five-field cron, UTC) with a default, or `off` for never (undefined). */
const scheduleSetting = (fallback: string) =>
  z
    .string()
    .regex(/^(off|\S+(\s+\S+){4})$/, `must be a cron expression of five fields, e.g. "${fallback}", or off`)
    .default(fallback)
    .transform((value) => (value === 'off' ? undefined : value));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // Behind a transaction-pooling PgBouncer: a direct URL for what needs a session (LISTEN, the
  // migrations' advisory lock, pg-boss); DATABASE_URL (the pooler) serves everything else.
  DATABASE_DIRECT_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_SIZE: positiveInt(10),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // The credentials' Ed25519 private keys as a JSON list of JWKs, the signing key first (docs/operations.md,
  // "Credential signing keys"); unset: the keys kept in DATA_DIR/secrets.json.
  CREDENTIAL_SIGNING_KEYS: optionalString.pipe(
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON list of Ed25519 private keys (JWK)' });
          return z.NEVER;
        }
      })
      .pipe(credentialKeyList)
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a port number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  METRICS_HOST: optionalString,
  METRICS_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  BACKUP_DIR: optionalString,
  BACKUP_CRON: optionalString.pipe(
    z.string().regex(cronExpression, 'must be a cron expression of five fields, e.g. "15 3 * * *"').optional(),
  ),
  BACKUP_KEEP: positiveInt(7),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  CASE_ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  CASE_ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters').optional(),
  ),
  CASE_ADMIN_TOKEN_TTL_SECONDS: positiveInt(12 * 60 * 60),
  CASE_LOOKUP_RATE_LIMIT: positiveInt(20),
  CASE_NOTIFICATION_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  CASE_DOCUMENT_MAX_BYTES: positiveInt(10 * 1024 * 1024),
  CASE_ESTIMATE_MIN_SAMPLES: positiveInt(20),
  CASE_LATE_STEPS_CRON: scheduleSetting('*/15 * * * *'),
  CASE_APPLICANT_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(4),
  CASE_APPLICANT_UPLOADS_PER_HOUR: positiveInt(20),
  CASE_STEP_UNDO_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  CASE_LIST_EXACT_COUNT_LIMIT: positiveInt(10_000),
  // Who applicants turn to, on the tracker, their case page and every email (issue 38).
  CASE_CONTACT_PHONE: optionalString.pipe(
    z
      .string()
      .regex(/^\+?[\d\s().-]{6,30}$/, 'must be a phone number, e.g. +971 4 555 0100')
      .optional(),
  ),
  CASE_CONTACT_WHATSAPP: optionalString.pipe(
    z
      .string()
      .regex(/^\d{6,15}$/, 'must be an international phone number, digits only')
      .optional(),
  ),
  CASE_CONTACT_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
  // The licensing authorities staff record a case's licence from (issue 41): comma-separated names.
  LICENCE_AUTHORITIES: z
    .string()
    .default(defaultLicenceAuthorities.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(
              LICENCE_AUTHORITY_MAX_LENGTH,
              `each authority must be at most ${LICENCE_AUTHORITY_MAX_LENGTH} characters`,
            ),
        )
        .min(1, 'must name at least one authority')
        .refine((names) => new Set(names).size === names.length, 'must not name an authority twice'),
    ),
  LOGIN_RATE_LIMIT: positiveInt(10),
  HEALTH_AUTHORITY_URL: z
    .string()
    .default('https://example.org/verify?token={token}')
    .refine((value) => value.includes('{token}'), 'must contain {token}'),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(10),
  // Slow clients: the headers must arrive within this long, the whole request (body included)
  // within this long, and a connection that sends and receives nothing this long is closed.
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  LMS_ADMIN_USERNAME: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,40}$/, 'must be 3 to 40 letters, digits, dots, dashes or underscores')
      .optional(),
  ),
  LMS_ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  LMS_TOKEN_TTL_SECONDS: positiveInt(12 * 60 * 60),
  EXAM_DURATION_SECONDS: positiveInt(10_800),
  MOCK_EXAM_DURATION_SECONDS: positiveInt(300),
  EXAM_QUESTION_COUNT: positiveInt(100),
  EXAM_RETAKE_WAIT_SECONDS: z.coerce.number().int().min(0).default(0),
  PRACTICE_SETS_PER_HOUR: positiveInt(30),
  // Distinct questions one learner's forms may hold in 24 hours (unset: one form's worth, EXAM_QUESTION_COUNT).
  EXAM_QUESTIONS_PER_DAY: z.coerce.number().int().positive().optional(),
  LEARNER_RATE_LIMIT: positiveInt(300),
  LMS_SIGNUPS_PER_HOUR: positiveInt(3),
  // When the questions are calibrated again from every recorded answer (UTC; decision 029); `off`: only when an admin asks.
  LMS_CALIBRATION_CRON: scheduleSetting('20 * * * *'),
  UPGRADE_CHAT_NUMBER: optionalString.pipe(
    z
      .string()
      .regex(/^\d{6,15}$/, 'must be an international phone number, digits only')
      .optional(),
  ),
  // Developer files (docs/decisions/030-developer-files-in-production.md): unset, on except in production.
  SOURCE_MAPS: z.enum(['true', 'false']).optional(),
  API_DOCS: z.enum(['true', 'false']).optional(),
  LMS_DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  NETWORK_SIGNUP: z.enum(['open', 'closed']).default('open'),
  NETWORK_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  NETWORK_SESSION_TTL_SECONDS: positiveInt(30 * 24 * 60 * 60),
  FAILED_SIGNIN_LIMIT: positiveInt(10),
  // The older, network-only name of FAILED_SIGNIN_LIMIT; still honoured when set.
  NETWORK_FAILED_SIGNIN_LIMIT: z.coerce.number().int().positive().optional(),
  NETWORK_EVENT_RETENTION_SECONDS: positiveInt(24 * 60 * 60),
  NETWORK_SSE_HEARTBEAT_SECONDS: positiveInt(25),
  // When the daily digest of unread notifications goes out (UTC), to the members who asked for it.
  // `off`: no digest is sent (the browser tests' apps, so a run across 07:00 sends nothing of its own).
  NETWORK_DIGEST_CRON: scheduleSetting('0 7 * * *'),
  UPLOAD_MAX_BYTES: positiveInt(50 * 1024 * 1024),
  UPLOAD_TMP_DIR: optionalString,
  MEMBER_RATE_LIMIT: positiveInt(600),
  MEMBER_UPLOADS_PER_HOUR: positiveInt(60),
  MEMBER_STREAM_LIMIT: positiveInt(5),
  MEMBER_REPORTS_PER_HOUR: positiveInt(10),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: z.string().trim().min(1).default('Google'),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Pathway <no-reply@pathway.local>'),
  JOB_RETRY_DELAY_SECONDS: positiveInt(30),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Names proxy-addr (Fastify's `trustProxy`) knows for whole private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** More hops than any real chain of proxies; a count past it trusts whatever the client wrote. */
export const MAX_PROXY_HOPS = 5;
/** The widest range a proxy CIDR may be: an IPv4 /8 (an IPv6 one likewise, mapped IPv4 included). */
const MIN_PROXY_PREFIX = 8;

const TRUSTS_EVERYONE =
  'would let any client choose its own address through X-Forwarded-For. Set the number of proxies in front of the app (e.g. 1 behind one load balancer) or their addresses/CIDRs (e.g. 10.0.0.0/8)';

/**
 * Whether a CIDR spans (nearly) every address, as `0.0.0.0/0`, `::/0` or `::/64` (which holds
 * every IPv4-mapped address) do: trusting it is trusting everyone.
 */
function trustsEveryone(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined || PROXY_RANGE_NAMES.has(entry)) return false;
  const bits = Number(prefix);
  if (bits < MIN_PROXY_PREFIX) return true;
  if (isIP(address) !== 6) return false;
  const range = new BlockList();
  range.addSubnet(address, bits, 'ipv6');
  return range.check('::ffff:0:0', 'ipv6') && bits < 96 + MIN_PROXY_PREFIX;
}

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * `false`, a number of proxy hops, or the proxies' addresses and CIDRs (comma separated), as
 * Fastify's `trustProxy` takes them. `true` would trust every `X-Forwarded-For` entry, so the
 * client could choose its own address (and escape every per-client limit): it is refused.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') {
    context.addIssue({ code: 'custom', message: `true ${TRUSTS_EVERYONE}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > MAX_PROXY_HOPS) {
      context.addIssue({ code: 'custom', message: `${trimmed} hops (more than ${MAX_PROXY_HOPS}) ${TRUSTS_EVERYONE}` });
      return z.NEVER;
    }
    return hops;
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be false, a number of proxy hops, or proxy addresses/CIDRs; not valid: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  const everyone = entries.filter(trustsEveryone);
  if (everyone.length > 0) {
    context.addIssue({ code: 'custom', message: `${everyone.join(', ')} ${TRUSTS_EVERYONE}` });
    return z.NEVER;
  }
  return entries;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses the environment once at start-up and fails with every bad key at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.CASE_ADMIN_EMAIL) !== Boolean(e.CASE_ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  CASE_ADMIN_EMAIL and CASE_ADMIN_PASSWORD must be set together');
  }
  if (Boolean(e.LMS_ADMIN_USERNAME) !== Boolean(e.LMS_ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  LMS_ADMIN_USERNAME and LMS_ADMIN_PASSWORD must be set together');
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL is for an external database: set DATABASE_URL too',
    );
  }
  if (Boolean(e.BACKUP_DIR) !== Boolean(e.BACKUP_CRON)) {
    throw new ConfigError('Invalid configuration:\n  BACKUP_DIR and BACKUP_CRON must be set together');
  }
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS must not be more than HTTP_REQUEST_TIMEOUT_SECONDS',
    );
  }
  // An open event stream sends only its heartbeat: the idle timeout must leave room for one.
  if (e.HTTP_IDLE_TIMEOUT_SECONDS <= e.NETWORK_SSE_HEARTBEAT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_IDLE_TIMEOUT_SECONDS must be more than NETWORK_SSE_HEARTBEAT_SECONDS',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    env: e.NODE_ENV,
    // The front end's source maps and the OpenAPI document at /api/docs: off in production unless
    // asked for (issue 35: production served both to anyone), on elsewhere.
    developerFiles: {
      sourceMaps: e.SOURCE_MAPS === undefined ? e.NODE_ENV !== 'production' : e.SOURCE_MAPS === 'true',
      apiDocs: e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true',
    },
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    credentialSigningKeys: e.CREDENTIAL_SIGNING_KEYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    // Scheduled backups through the job queue: BACKUP_KEEP newest folders kept in BACKUP_DIR.
    backup:
      e.BACKUP_DIR && e.BACKUP_CRON
        ? { dir: resolve(e.BACKUP_DIR), cron: e.BACKUP_CRON, keep: e.BACKUP_KEEP }
        : undefined,
    // Prometheus text on a port of its own (unset: no metrics); the public port never serves it. The
    // loopback interface unless told otherwise (issue 35: it followed HOST, every interface), and a
    // bearer token when METRICS_TOKEN is set.
    metrics:
      e.METRICS_PORT === undefined
        ? undefined
        : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1', token: e.METRICS_TOKEN },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeoutMs: Math.round(e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
      requestTimeoutMs: Math.round(e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(e.HTTP_IDLE_TIMEOUT_SECONDS * 1000),
    },
    rateLimits: {
      caseLookupPerMinute: e.CASE_LOOKUP_RATE_LIMIT,
      loginPerMinute: e.LOGIN_RATE_LIMIT,
      failedSignInsPerAccountOrClient: e.NETWORK_FAILED_SIGNIN_LIMIT ?? e.FAILED_SIGNIN_LIMIT,
    },
    cases: {
      bootstrapAdmin:
        e.CASE_ADMIN_EMAIL && e.CASE_ADMIN_PASSWORD
          ? { email: e.CASE_ADMIN_EMAIL, password: e.CASE_ADMIN_PASSWORD }
          : undefined,
      tokenTtlSeconds: e.CASE_ADMIN_TOKEN_TTL_SECONDS,
      notificationDelaySeconds: e.CASE_NOTIFICATION_DELAY_SECONDS,
      documentMaxBytes: e.CASE_DOCUMENT_MAX_BYTES,
      estimateMinSamples: e.CASE_ESTIMATE_MIN_SAMPLES,
      lateStepsCron: e.CASE_LATE_STEPS_CRON,
      applicantSessionSeconds: e.CASE_APPLICANT_SESSION_HOURS * 60 * 60,
      applicantUploadsPerHour: e.CASE_APPLICANT_UPLOADS_PER_HOUR,
      stepUndoSeconds: e.CASE_STEP_UNDO_SECONDS,
      // Up to this many matches the staff list's total is counted exactly (case-list-query.ts).
      listExactCountLimit: e.CASE_LIST_EXACT_COUNT_LIMIT,
      licenceAuthorities: e.LICENCE_AUTHORITIES,
      contact: {
        phone: e.CASE_CONTACT_PHONE ?? null,
        whatsapp: e.CASE_CONTACT_WHATSAPP ?? null,
        email: e.CASE_CONTACT_EMAIL ?? null,
      },
    },
    lms: {
      bootstrapAdmin:
        e.LMS_ADMIN_USERNAME && e.LMS_ADMIN_PASSWORD
          ? { username: e.LMS_ADMIN_USERNAME, password: e.LMS_ADMIN_PASSWORD }
          : undefined,
      tokenTtlSeconds: e.LMS_TOKEN_TTL_SECONDS,
      examDurationSeconds: e.EXAM_DURATION_SECONDS,
      mockExamDurationSeconds: e.MOCK_EXAM_DURATION_SECONDS,
      examQuestionCount: e.EXAM_QUESTION_COUNT,
      retakeWaitSeconds: e.EXAM_RETAKE_WAIT_SECONDS,
      practiceSetsPerHour: e.PRACTICE_SETS_PER_HOUR,
      questionsPerDay: e.EXAM_QUESTIONS_PER_DAY ?? e.EXAM_QUESTION_COUNT,
      learnerRequestsPerMinute: e.LEARNER_RATE_LIMIT,
      signupsPerHour: e.LMS_SIGNUPS_PER_HOUR,
      upgradeChatNumber: e.UPGRADE_CHAT_NUMBER,
      loadDemoContent: e.LMS_DEMO_CONTENT,
      calibrationCron: e.LMS_CALIBRATION_CRON,
    },
    web: {
      healthAuthorityUrl: e.HEALTH_AUTHORITY_URL,
    },
    publicUrl: e.PUBLIC_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadTmpDir: e.UPLOAD_TMP_DIR === undefined ? tmpdir() : resolve(e.UPLOAD_TMP_DIR),
    storage: e.S3_BUCKET
      ? {
          kind: 's3' as const,
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: 'local' as const },
    network: {
      signup: e.NETWORK_SIGNUP,
      adminEmails: e.NETWORK_ADMIN_EMAILS,
      sessionTtlSeconds: e.NETWORK_SESSION_TTL_SECONDS,
      eventRetentionSeconds: e.NETWORK_EVENT_RETENTION_SECONDS,
      digestCron: e.NETWORK_DIGEST_CRON,
      heartbeatMs: e.NETWORK_SSE_HEARTBEAT_SECONDS * 1000,
      memberRequestsPerMinute: e.MEMBER_RATE_LIMIT,
      memberUploadsPerHour: e.MEMBER_UPLOADS_PER_HOUR,
      memberOpenStreams: e.MEMBER_STREAM_LIMIT,
      memberReportsPerHour: e.MEMBER_REPORTS_PER_HOUR,
      oidc: e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            providerName: e.OIDC_PROVIDER_NAME,
          }
        : undefined,
      oidcProviderName: e.OIDC_PROVIDER_NAME,
    },
  };
}
