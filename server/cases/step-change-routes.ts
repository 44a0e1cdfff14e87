import {
  bulkStepBody,
  bulkStepResponse,
  changeStepBody,
  changeStepResponse,
  idParams,
  messageResponse,
  undoStepChangesBody,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { caller, tags, withErrors, type CasesContext } from './route-context.js';
import { bulkChangeStep, changeCurrentStep, undoStepChanges } from './step-changes.js';

/** Moving cases along their steps, one or many at once, and taking such a move back. */
export async function stepChangeRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, notify, now } = ctx;

  app.post(
    '/api/caseadmin/cases/bulk-step',
    {
      schema: {
        summary: 'Move many cases to a step',
        tags,
        body: bulkStepBody,
        response: withErrors({ 200: bulkStepResponse }),
      },
    },
    async (request) => {
      const at = now();
      const stepChangeIds = await bulkChangeStep(db, notify, request.body, caller.of(request), at);
      return {
        message: `Moved ${stepChangeIds.length} case(s) to "${request.body.newStep}"`,
        changed: stepChangeIds.length,
        stepChangeIds,
        undoUntil: stepChangeIds.length ? new Date(at.getTime() + notify.undoSeconds * 1000).toISOString() : null,
      };
    },
  );

  app.put(
    '/api/caseadmin/caseservices/:id/step',
    {
      schema: {
        summary: "Move a case's service to a step",
        tags,
        params: idParams,
        body: changeStepBody,
        response: withErrors({ 200: changeStepResponse }),
      },
    },
    async (request) => {
      const { stepChangeId, undoUntil } = await changeCurrentStep(
        db,
        notify,
        request.params.id,
        request.body.newStep,
        caller.of(request),
        now(),
        {
          notifyApplicant: request.body.notify ?? true,
        },
      );
      return { message: 'Current step updated!', stepChangeId, undoUntil: undoUntil?.toISOString() ?? null };
    },
  );

  app.post(
    '/api/caseadmin/step-changes/:id/undo',
    {
      schema: {
        summary: 'Undo a step change',
        tags,
        description:
          'Takes a step change back within CASE_STEP_UNDO_SECONDS of it, withdrawing its email; the history keeps both.',
        params: idParams,
        response: withErrors({ 200: messageResponse }),
      },
    },
    async (request) => {
      await undoStepChanges(db, notify, [request.params.id], caller.of(request), now());
      return { message: 'Step change undone' };
    },
  );

  app.post(
    '/api/caseadmin/step-changes/undo',
    {
      schema: {
        summary: 'Undo several step changes together',
        tags,
        description:
          "Takes several step changes back together (a bulk move's stepChangeIds), all or nothing, within CASE_STEP_UNDO_SECONDS of them.",
        body: undoStepChangesBody,
        response: withErrors({ 200: messageResponse }),
      },
    },
    async (request) => {
      const undone = await undoStepChanges(db, notify, request.body.stepChangeIds, caller.of(request), now());
      return { message: `Undid ${undone} step change(s)` };
    },
  );
}
