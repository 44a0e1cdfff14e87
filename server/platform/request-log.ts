import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * One log line per request, written when it completes, with what the two default lines
 * ("incoming request", "request completed") carried between them: half the log writes on every
 * hot path at the default `info` level.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * The logger of one request (`request.log`), made into a real child of the app's logger only
 * when a line is written at a level that is on. Fastify makes a child per request to bind its
 * id, and pino serializes the bindings through the redaction rules as it does, on every request,
 * whether or not the request ever logs (at the bench's `warn`, none do).
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get materialized(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.materialized.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.#child && this.parent.isLevelEnabled && !this.parent.isLevelEnabled(level)) return;
    const child = this.materialized;
    Reflect.apply(child[level], child, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.materialized.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: request loggers made on first use (see RequestLogger). */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  // A route with a log level of its own gets its child at once: the parent's level says nothing about it.
  options.level === undefined ? new RequestLogger(logger, bindings, options) : logger.child(bindings, options);
