import { z } from 'zod';
import {
  createServiceDocumentBody,
  serviceDocument,
  updateServiceDocumentBody,
} from '../../contracts/case-documents.js';
import {
  createServiceBody,
  createStepBody,
  idParams,
  service,
  serviceIdParams,
  step,
  stepOrderBody,
  updateServiceBody,
  updateStepBody,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import * as documents from './case-documents.js';
import { noContent, tags, withErrors, type CasesContext } from './route-context.js';
import * as catalog from './service-catalog.js';

/** The service catalogue (case admins): services, the documents each needs, and their steps. */
export async function serviceRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, notify, now } = ctx;

  app.get(
    '/api/caseadmin/services',
    { schema: { summary: 'The services', tags, response: withErrors({ 200: z.array(service) }) } },
    async () => catalog.listServices(db),
  );

  app.post(
    '/api/caseadmin/services',
    { schema: { summary: 'Create a service', tags, body: createServiceBody, response: withErrors({ 201: service }) } },
    async (request, reply) => reply.status(201).send(await catalog.createService(db, request.body)),
  );

  app.patch(
    '/api/caseadmin/services/:id',
    {
      schema: {
        summary: 'Rename a service or translate its name',
        tags,
        description:
          'Ours: a service renamed, or its name translated; the history keeps the names changes were made under.',
        params: idParams,
        body: updateServiceBody,
        response: withErrors({ 200: service }),
      },
    },
    async (request) => catalog.updateService(db, request.params.id, request.body),
  );

  app.delete(
    '/api/caseadmin/services/:id',
    { schema: { summary: 'Delete a service', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await catalog.deleteService(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/caseadmin/services/:serviceId/documents',
    {
      schema: {
        summary: 'The documents a service needs',
        tags,
        description: 'The documents the service needs from applicants.',
        params: serviceIdParams,
        response: withErrors({ 200: z.array(serviceDocument) }),
      },
    },
    async (request) => documents.listServiceDocuments(db, request.params.serviceId),
  );

  app.post(
    '/api/caseadmin/services/:serviceId/documents',
    {
      schema: {
        summary: 'Add a document a service needs',
        tags,
        params: serviceIdParams,
        body: createServiceDocumentBody,
        response: withErrors({ 201: serviceDocument }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await documents.createServiceDocument(db, request.params.serviceId, request.body)),
  );

  app.patch(
    '/api/caseadmin/service-documents/:id',
    {
      schema: {
        summary: 'Change a document a service needs',
        tags,
        params: idParams,
        body: updateServiceDocumentBody,
        response: withErrors({ 200: serviceDocument }),
      },
    },
    async (request) => documents.updateServiceDocument(db, request.params.id, request.body),
  );

  app.delete(
    '/api/caseadmin/service-documents/:id',
    {
      schema: { summary: 'Remove a document a service needs', tags, params: idParams, response: withErrors(noContent) },
    },
    async (request, reply) => {
      await documents.deleteServiceDocument(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/caseadmin/services/:serviceId/steps',
    {
      schema: {
        summary: "A service's steps",
        tags,
        params: serviceIdParams,
        response: withErrors({ 200: z.array(step) }),
      },
    },
    async (request) => catalog.listSteps(db, request.params.serviceId),
  );

  app.post(
    '/api/caseadmin/services/:serviceId/steps',
    {
      schema: {
        summary: 'Add a step to a service',
        tags,
        params: serviceIdParams,
        body: createStepBody,
        response: withErrors({ 201: step }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalog.createStep(db, notify, request.params.serviceId, request.body, now())),
  );

  app.patch(
    '/api/caseadmin/steps/:id',
    {
      schema: {
        summary: "Change a step's description and expected days",
        tags,
        description:
          "A step's name, public description, expected days and their translations; the history keeps the names moves were made under.",
        params: idParams,
        body: updateStepBody,
        response: withErrors({ 200: step }),
      },
    },
    async (request) => catalog.updateStep(db, request.params.id, request.body),
  );

  app.put(
    '/api/caseadmin/services/:serviceId/steps/order',
    {
      schema: {
        summary: "Order a service's steps",
        tags,
        description:
          "Ours: the service's steps in a new order (every step's id once); they keep their sequence numbers between them. Cases now on the last step complete.",
        params: serviceIdParams,
        body: stepOrderBody,
        response: withErrors({ 200: z.array(step) }),
      },
    },
    async (request) => catalog.reorderSteps(db, notify, request.params.serviceId, request.body.stepIds, now()),
  );

  app.delete(
    '/api/caseadmin/steps/:id',
    { schema: { summary: 'Delete a step', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await catalog.deleteStep(db, notify, request.params.id, now());
      return reply.status(204).send(null);
    },
  );
}
