import Undo2 from 'lucide-react/icons/undo-2';
import { useEffect, useRef, useState } from 'react';
import { historyIndex, useNavigate, useParams } from '../lib/routing.js';
import type { CaseDetails, CaseService, Step, StepChange } from '../../contracts/cases.js';
import { formatDateTime } from '../lib/format.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/field.js';
import { ConfirmDialog, Modal, ModalActions } from '../ui/modal.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import {
  useCaseDetails,
  useChangeStep,
  useEndApplicantSignIns,
  useResendTrackerLink,
  useSteps,
  useUndoStepChange,
} from './admin-api.js';
import { CaseExamResultsPanel, CaseLearnerReadinessPanel, CaseLicencesPanel } from './admin-case-licences-panel.js';
import { CaseNotesPanel } from './admin-case-notes-panel.js';
import { CaseDocumentsPanel } from './admin-case-documents-panel.js';
import styles from './admin-case-details-page.module.css';
import pageStyles from './admin-pages.module.css';
import { CaseStatusBadge } from './case-status-badge.js';
import { daysText, overdueDaysText } from './current-steps.js';
import { undoWindowMs } from './undo-window.js';

export default function AdminCaseDetailsPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const details = useCaseDetails(valid ? id : 0);

  function back() {
    // The router numbers the entries it pushes; on the first one there is nothing to go back to.
    if (historyIndex() > 0) navigate(-1);
    else navigate('/caseadmin/manage-cases');
  }

  return (
    <>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Case Details</h1>
        <Button variant="secondary" onClick={back}>
          Back to Cases
        </Button>
      </div>
      {!valid ? (
        <ErrorState message="Could not fetch case details." />
      ) : details.isPending ? (
        <LoadingState text="Loading case details..." />
      ) : details.isError ? (
        <ErrorState message="Could not fetch case details." onRetry={() => void details.refetch()} />
      ) : (
        <>
          <section className={pageStyles.card} aria-label="Case">
            <dl className={styles.facts}>
              <div>
                <dt>Case Number</dt>
                <dd>{details.data.case_number || 'N/A'}</dd>
              </div>
              <div>
                <dt>Passport Number</dt>
                <dd>{details.data.passport_number || 'N/A'}</dd>
              </div>
              <div>
                <dt>Client Name</dt>
                <dd>{details.data.client_name || 'N/A'}</dd>
              </div>
              <div>
                <dt>Applicant Email</dt>
                <dd>{details.data.client_email || 'None'}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  <CaseStatusBadge status={details.data.status} />
                </dd>
              </div>
              <div>
                <dt>Owner</dt>
                <dd>{details.data.owner?.email ?? 'Nobody yet'}</dd>
              </div>
              <div>
                {/* What the applicant is shown (issue 41), and what it rests on. */}
                <dt>Ready to work</dt>
                <dd>{readyToWorkText(details.data.readyToWork, details.data.status)}</dd>
              </div>
            </dl>
            <div className={styles.caseActions}>
              <ResendTrackerLink caseId={details.data.id} clientEmail={details.data.client_email} />
              <EndApplicantSignIns caseId={details.data.id} />
            </div>
          </section>

          <section aria-labelledby="services-heading">
            <h2 id="services-heading" className={styles.sectionTitle}>
              Services
            </h2>
            {details.data.CaseServices.length === 0 ? (
              <div className={pageStyles.card}>
                <EmptyState>No services available for this case.</EmptyState>
              </div>
            ) : (
              <ul className={styles.services}>
                {details.data.CaseServices.map((caseService) => (
                  <ServiceStepCard
                    key={caseService.id}
                    caseService={caseService}
                    clientEmail={details.data.client_email}
                    history={details.data.history.filter((entry) => entry.caseServiceId === caseService.id)}
                  />
                ))}
              </ul>
            )}
          </section>

          <CaseDocumentsPanel caseId={details.data.id} documents={details.data.documents} />

          <CaseLicencesPanel caseId={details.data.id} />

          <CaseExamResultsPanel caseId={details.data.id} />

          <CaseLearnerReadinessPanel caseId={details.data.id} />

          <CaseNotesPanel caseId={details.data.id} />

          <section className={pageStyles.card} aria-labelledby="history-heading">
            <h2 id="history-heading" className={pageStyles.cardTitle}>
              Step History
            </h2>
            {details.data.history.length === 0 ? (
              <EmptyState>No step changes yet.</EmptyState>
            ) : (
              <ol className={styles.timeline}>
                {details.data.history.map((entry) => (
                  <li key={entry.id} className={styles.timelineEntry}>
                    <p className={styles.timelineWhat}>
                      <strong>{entry.serviceName}</strong>: {entry.fromStep ?? 'no step'} → {entry.toStep}
                    </p>
                    <p className={pageStyles.muted}>
                      by {entry.changedBy} · <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section className={pageStyles.card} aria-labelledby="activity-heading">
            <h2 id="activity-heading" className={pageStyles.cardTitle}>
              Other Changes
            </h2>
            {details.data.events.length === 0 ? (
              <EmptyState>No other changes yet.</EmptyState>
            ) : (
              <ol className={styles.timeline}>
                {details.data.events.map((entry) => (
                  <li key={entry.id} className={styles.timelineEntry}>
                    <p className={styles.timelineWhat}>{entry.summary}</p>
                    <p className={pageStyles.muted}>
                      by {entry.changedBy} · <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </>
  );
}

/** Sends the applicant the tracker link again (they lost the first email, say); the server limits how often. */
function ResendTrackerLink({ caseId, clientEmail }: { caseId: number; clientEmail: string | null }) {
  const notify = useToast();
  const resend = useResendTrackerLink(caseId);
  if (!clientEmail) return <p className={pageStyles.muted}>Add an applicant email to send them the tracker link.</p>;
  return (
    <Button
      variant="secondary"
      size="small"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: ({ message }) => notify(message),
          onError: (error) => notify(errorMessage(error, 'Could not send the tracker link.'), 'error'),
        })
      }
    >
      {resend.isPending ? 'Sending...' : 'Resend tracker link'}
    </Button>
  );
}

/**
 * Signs the applicant out everywhere (a phone lost, a link forwarded to the wrong person): their
 * sessions and unused sign-in link end, after a confirmation; the history records who did it.
 */
function EndApplicantSignIns({ caseId }: { caseId: number }) {
  const notify = useToast();
  const end = useEndApplicantSignIns(caseId);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="secondary" size="small" disabled={end.isPending} onClick={() => setAsking(true)}>
        End applicant sign-ins
      </Button>
      <ConfirmDialog
        open={asking}
        title="End applicant sign-ins"
        message="The applicant is signed out on every device and their unused sign-in link stops working. They can ask for a new link on the tracker. This is recorded in the case history."
        confirmLabel={end.isPending ? 'Ending...' : 'End sign-ins'}
        busy={end.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: ({ message }) => {
              setAsking(false);
              notify(message);
            },
            onError: (error) => {
              setAsking(false);
              notify(errorMessage(error, 'Could not end the applicant’s sign-ins.'), 'error');
            },
          })
        }
      />
    </>
  );
}

/**
 * When each step before the current one was completed: the latest move of the service from that
 * step or before it to a later one (the history is newest first). Undefined for a step passed
 * without a recorded move (its steps were renumbered since, say).
 */
function completedStepDates(
  steps: Step[],
  currentStep: string | null,
  history: StepChange[],
): { step: Step; completedAt: string | undefined }[] {
  const sequenceOf = new Map(steps.map((step) => [step.name, step.sequence]));
  const current = currentStep === null ? undefined : sequenceOf.get(currentStep);
  if (current === undefined) return [];
  return steps
    .filter((step) => step.sequence < current)
    .map((step) => ({
      step,
      completedAt: history.find((entry) => {
        const from = entry.fromStep === null ? -Infinity : (sequenceOf.get(entry.fromStep) ?? Infinity);
        const to = sequenceOf.get(entry.toStep) ?? -Infinity;
        return from <= step.sequence && to > step.sequence;
      })?.changedAt,
    }));
}

function ServiceStepCard({
  caseService,
  clientEmail,
  history,
}: {
  caseService: CaseService;
  clientEmail: string | null;
  history: StepChange[];
}) {
  const notify = useToast();
  const steps = useSteps(caseService.service_id);
  const changeStep = useChangeStep();
  const undoChange = useUndoStepChange();
  const serviceName = caseService.Service?.name || 'No Service Name';
  const choices = steps.data ?? [];
  const done = completedStepDates(choices, caseService.current_step, history);
  // The step picked in the select (arrow keys only pick: issue 38's keyboard trap), then the one
  // the Move button asks the admin to confirm.
  const [picked, setPicked] = useState(caseService.current_step ?? '');
  const [pickedFor, setPickedFor] = useState(caseService.current_step);
  if (pickedFor !== caseService.current_step) {
    setPickedFor(caseService.current_step);
    setPicked(caseService.current_step ?? '');
  }
  const pickedStep = choices.find((choice) => choice.name === picked && picked !== caseService.current_step);
  const [chosen, setChosen] = useState<Step | null>(null);
  // A change made by a key (ArrowDown on a closed select changes it at once) only picks the step;
  // Enter or the Move button then asks. One made by the mouse or a touch asks at once, as before.
  const keyboardPick = useRef(false);
  const ask = (step: Step) => {
    changeStep.reset();
    setEmailApplicant(true);
    setChosen(step);
  };
  const [emailApplicant, setEmailApplicant] = useState(true);
  // The last change made here, while it can still be undone.
  const [undoable, setUndoable] = useState<{ stepChangeId: number; step: string } | null>(null);
  const undoTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(undoTimer.current), []);

  const confirm = () => {
    if (!chosen) return;
    changeStep.mutate(
      { caseServiceId: caseService.id, newStep: chosen.name, notify: emailApplicant && clientEmail !== null },
      {
        onSuccess: (result) => {
          setChosen(null);
          notify('Current step updated!');
          clearTimeout(undoTimer.current);
          if (result.stepChangeId === null || result.undoUntil === null) return setUndoable(null);
          setUndoable({ stepChangeId: result.stepChangeId, step: chosen.name });
          undoTimer.current = setTimeout(() => setUndoable(null), undoWindowMs(result.undoUntil));
        },
        onError: (error) => notify(errorMessage(error, 'Could not update step.'), 'error'),
      },
    );
  };

  return (
    <li className={`${pageStyles.card} ${styles.service}`}>
      <h3 className={styles.serviceName}>{serviceName}</h3>
      <p>
        Current step: <strong>{caseService.current_step ?? 'N/A'}</strong>
      </p>
      <p className={pageStyles.muted}>Last updated: {formatDateTime(caseService.last_updated, 'No Update Info')}</p>
      {caseService.days_at_step !== null && (
        <p className={caseService.overdue_days !== null ? styles.overdue : pageStyles.muted}>
          {daysText(caseService.days_at_step)} at this step
          {caseService.overdue_days !== null && ` · ${overdueDaysText(caseService.overdue_days)} overdue`}
        </p>
      )}
      {done.length > 0 && (
        <ol className={styles.doneSteps} aria-label={`Completed steps of ${serviceName}`}>
          {done.map(({ step, completedAt }) => (
            <li key={step.id}>
              <span>
                <span aria-hidden="true">✓ </span>
                {step.sequence}. {step.name}
              </span>
              <span className={pageStyles.muted}>
                {completedAt ? <time dateTime={completedAt}>{formatDateTime(completedAt)}</time> : 'done'}
              </span>
            </li>
          ))}
        </ol>
      )}
      <SelectField
        label={`Change Step for ${serviceName}`}
        value={choices.length ? picked : ''}
        disabled={choices.length === 0 || changeStep.isPending}
        onPointerDown={() => (keyboardPick.current = false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && pickedStep) {
            event.preventDefault();
            ask(pickedStep);
          } else keyboardPick.current = event.key !== 'Tab';
        }}
        onChange={(event) => {
          setPicked(event.target.value);
          const step = choices.find((choice) => choice.name === event.target.value);
          if (step && !keyboardPick.current && step.name !== caseService.current_step) ask(step);
          keyboardPick.current = false;
        }}
      >
        {choices.length === 0 ? (
          <option value="">
            {steps.isError ? 'Could not load steps' : steps.isPending ? 'Loading steps...' : 'No steps defined'}
          </option>
        ) : (
          <>
            {caseService.current_step === null && <option value="">Choose a step</option>}
            {choices.map((step) => (
              <option key={step.id} value={step.name}>
                {step.sequence}. {step.name}
              </option>
            ))}
          </>
        )}
      </SelectField>
      {pickedStep && !chosen && (
        <Button variant="secondary" disabled={changeStep.isPending} onClick={() => ask(pickedStep)}>
          Move to {pickedStep.name}…
        </Button>
      )}
      {undoable && (
        <div className={styles.undo} role="status">
          <span>Moved to “{undoable.step}”. </span>
          <Button
            size="small"
            variant="secondary"
            disabled={undoChange.isPending}
            onClick={() =>
              undoChange.mutate(undoable.stepChangeId, {
                onSuccess: () => {
                  clearTimeout(undoTimer.current);
                  setUndoable(null);
                  notify('Step change undone');
                },
                onError: (error) => {
                  setUndoable(null);
                  notify(errorMessage(error, 'Could not undo the step change.'), 'error');
                },
              })
            }
          >
            <Undo2 aria-hidden="true" size={14} /> Undo
          </Button>
        </div>
      )}
      <Modal
        title="Change step"
        open={chosen !== null}
        onClose={() => {
          setChosen(null);
          setPicked(caseService.current_step ?? '');
        }}
      >
        {chosen && (
          <>
            <p>
              Move <strong>{serviceName}</strong> from “{caseService.current_step ?? 'no step'}” to “{chosen.sequence}.{' '}
              {chosen.name}”?
            </p>
            {clientEmail ? (
              <label className={styles.notifyChoice}>
                <input
                  type="checkbox"
                  checked={emailApplicant}
                  onChange={(event) => setEmailApplicant(event.target.checked)}
                />
                Email the applicant ({clientEmail}) about this step
              </label>
            ) : (
              <p className={pageStyles.muted}>The case has no applicant email: nobody is emailed.</p>
            )}
            <p className={pageStyles.muted}>You can undo the change for a short while; the email waits until then.</p>
            <FormError message={changeStep.isError ? errorMessage(changeStep.error, 'Could not update step.') : null} />
            <ModalActions>
              <Button
                variant="ghost"
                onClick={() => {
                  setChosen(null);
                  setPicked(caseService.current_step ?? '');
                }}
              >
                Cancel
              </Button>
              <Button onClick={confirm} disabled={changeStep.isPending}>
                {changeStep.isPending ? 'Moving...' : `Move to ${chosen.name}`}
              </Button>
            </ModalActions>
          </>
        )}
      </Modal>
    </li>
  );
}

/** The applicant's ready-to-work dates as staff read them: p50 and p80 by simulation, and what they rest on. */
export function readyToWorkText(estimate: CaseDetails['readyToWork'], status: CaseDetails['status']): string {
  if (status === 'Completed') return 'Completed';
  if (!estimate) return 'Not estimated (a step left has neither enough cases nor expected days)';
  const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso));
  const basis =
    estimate.measuredSteps === 0 || estimate.fewestCases === null
      ? `all ${estimate.remainingSteps} steps left from their expected days`
      : `${estimate.measuredSteps} of ${estimate.remainingSteps} steps left from real cases (at least ${estimate.fewestCases} each)${
          estimate.measuredSteps < estimate.remainingSteps ? ', the rest from expected days' : ''
        }`;
  // With no step measured every journey is the same: one is run, and there is nothing simulated to count.
  const simulated = estimate.measuredSteps === 0 ? '' : `; ${estimate.draws} simulated journeys`;
  return `By ${day(estimate.p50)} (p50), by ${day(estimate.p80)} (p80): ${basis}${simulated}`;
}
