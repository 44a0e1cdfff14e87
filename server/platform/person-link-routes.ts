import type { FastifyRequest } from 'fastify';
import {
  createLinkBody,
  journeyAnswer,
  linkCode,
  linkedIdentityParams,
  personLinksAnswer,
} from '../../contracts/person-links.js';
import type { App } from './area.js';
import { LINK_CODE_TTL_SECONDS, type Identity, type PersonLinks } from './person-links.js';
import { routeSchemas } from './route-schemas.js';

/**
 * The same four link routes in each area, under its own path and signed in its own way (`self`:
 * the signed-in identity, or a throw: 401 for nobody, 403 for staff).
 */
export async function registerPersonLinkRoutes(
  app: App,
  options: {
    /** The area's OpenAPI tag. */
    area: string;
    basePath: string;
    /** Where the person reads their journey, signed in to this area (issue 41). */
    journeyPath: string;
    links: PersonLinks;
    now: () => Date;
    self: (request: FastifyRequest) => Promise<Identity>;
    security?: Record<string, string[]>[];
  },
): Promise<void> {
  const { basePath, links, now, self } = options;
  const { tags, withErrors, noContent } = routeSchemas(options.area);
  const security = options.security ? { security: options.security } : {};
  app.get(
    basePath,
    {
      schema: {
        summary: 'My linked accounts',
        tags,
        ...security,
        description: 'The signed-in account and every account its person linked with it (issue 41).',
        response: withErrors({ 200: personLinksAnswer }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return links.list(await self(request));
    },
  );
  app.post(
    basePath,
    {
      schema: {
        summary: 'Link another of my accounts',
        tags,
        ...security,
        description:
          '`{ area }` links the accounts of that area that verified the same address as this account; `{ code }` links the account that issued the code. 409 when no account of that area verified this address, or this account has no verified address; 400 for a code that is not valid.',
        body: createLinkBody,
        response: withErrors({ 200: personLinksAnswer }),
      },
    },
    async (request) => {
      const me = await self(request);
      const { body } = request;
      return 'code' in body ? links.linkByCode(me, body.code, now()) : links.linkByEmail(me, body.area, now());
    },
  );
  app.get(
    options.journeyPath,
    {
      schema: {
        summary: 'My journey',
        tags,
        ...security,
        description:
          "The signed-in person's journey (issue 41): the exam readiness of each linked learning account, each linked case's progress, documents and licences, and when they may be ready to work. Each part is read from the area that owns it; only the person themself, signed in to one of their accounts, reads it.",
        response: withErrors({ 200: journeyAnswer }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return links.journey(await self(request), now());
    },
  );
  app.post(
    `${basePath}/codes`,
    {
      schema: {
        summary: 'A code to link this account from another',
        tags,
        ...security,
        description: `A single-use code (${LINK_CODE_TTL_SECONDS / 60} minutes) to give, signed in to another of my accounts, to its link route: it proves I control this one. A new code replaces the last.`,
        response: withErrors({ 201: linkCode }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reply.status(201).send(await links.issueCode(await self(request), now()));
    },
  );
  app.delete(
    `${basePath}/:area/:accountId`,
    {
      schema: {
        summary: 'Remove a linked account',
        tags,
        ...security,
        description:
          "Takes the account (this one or another) out of my person's links. 404 when it is not linked with mine.",
        params: linkedIdentityParams,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await links.unlink(await self(request), request.params);
      return reply.status(204).send(null);
    },
  );
}
