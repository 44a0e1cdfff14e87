import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublicConfig } from '../../contracts/platform.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { Clock } from './clock.js';
import type { CredentialIssuer, PrivateCredentialKey } from './credentials.js';
import type { CounterStore } from './counters.js';
import type { JobQueue } from './jobs.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics.js';
import type { PersonLinks } from './person-links.js';
import type { TokenService } from './tokens.js';
import type { WebPages } from './web-app.js';

/*
 * The seam between the app and its areas. `server/app.ts` starts the shared parts and hands them
 * to each area's registration; an area imports this file, never the app, so nothing imports in a
 * circle. Adding an area: a folder with routes that export an `Area`, and one line in `app.ts`.
 */

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything the app needs from outside, so tests can build it with their own parts. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  tokens: TokenService;
  webDistFolder: string;
  isShuttingDown?: () => boolean;
  /**
   * The credentials' signing keys (the setting, else secrets.json); without them (tests, tools) the
   * app makes one for its own run.
   */
  credentialKeys?: PrivateCredentialKey[];
};

/** What the areas get: the app's parts plus the shared services the app starts (background jobs, email, the counters behind every limit). */
export type AreaDeps = AppDeps & {
  jobs: JobQueue;
  mailer: Mailer;
  counters: CounterStore;
  metrics: Metrics;
  /** The front end's pages, for a route that answers a form with one (the tracker's plain lookup). */
  webPages: WebPages;
  /** Signs the credentials the areas issue; its public keys are at /.well-known/jwks.json. */
  credentials: CredentialIssuer;
  /** The platform's link store: each area adds its identities and what it lets the others read (decision 039). */
  personLinks: PersonLinks;
};

/** One area of the product: its routes, and its part of the settings the front end reads from `/api/config`. */
export type Area<PublicPart extends Partial<PublicConfig>> = {
  register: (app: App, deps: AreaDeps) => Promise<void>;
  publicConfig: (config: Config) => PublicPart;
};
