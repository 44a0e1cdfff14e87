import Download from 'lucide-react/icons/download';
import MoveRight from 'lucide-react/icons/move-right';
import Undo2 from 'lucide-react/icons/undo-2';
import Upload from 'lucide-react/icons/upload';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../lib/routing.js';
import { errorMessage } from '../lib/http.js';
import { Button, buttonClassName } from '../ui/button.js';
import { SelectField } from '../ui/field.js';
import { useToast } from '../ui/toast.js';
import {
  downloadCasesCsv,
  useBulkStep,
  useServices,
  useSteps,
  useUndoBulkStep,
  type CasesListParams,
} from './admin-api.js';
import styles from './admin-pages.module.css';
import bulkStyles from './admin-bulk-actions.module.css';
import { undoWindowMs } from './undo-window.js';

/** Import and export next to Create New Case; export takes the list's current filter. */
export function ImportExportActions({ filter }: { filter: Omit<CasesListParams, 'page' | 'pageSize'> }) {
  const notify = useToast();
  const [exporting, setExporting] = useState(false);
  return (
    <>
      <Link className={buttonClassName('secondary')} to="/caseadmin/import-cases">
        <Upload aria-hidden="true" size={18} /> Import CSV
      </Link>
      <Button
        variant="secondary"
        disabled={exporting}
        onClick={() => {
          setExporting(true);
          downloadCasesCsv(filter)
            .catch((error: unknown) => notify(errorMessage(error, 'Could not export the cases.'), 'error'))
            .finally(() => setExporting(false));
        }}
      >
        <Download aria-hidden="true" size={18} /> {exporting ? 'Exporting...' : 'Export CSV'}
      </Button>
    </>
  );
}

/** A selected case as the bar needs it: its number and the services it follows. */
export type SelectedCase = { id: number; case_number: string; serviceIds: number[] };

/**
 * Moves the selected cases' chosen service to one step, in one go (all or nothing), and offers to
 * undo the whole move for as long as the server allows (the emails wait for that). A mixed
 * selection says how many selected cases have each service and moves those (issue 38: it used to
 * fail whole); the outcome stays on screen until the next move.
 */
export function BulkStepBar({ selected, onDone }: { selected: SelectedCase[]; onDone: () => void }) {
  const notify = useToast();
  const services = useServices();
  const [serviceId, setServiceId] = useState(0);
  const [newStep, setNewStep] = useState('');
  const [emailApplicants, setEmailApplicants] = useState(true);
  const steps = useSteps(serviceId);
  const bulkStep = useBulkStep();
  const undoBulk = useUndoBulkStep();
  // The last move made here, while it can still be undone.
  const [undoable, setUndoable] = useState<{ stepChangeIds: number[]; step: string } | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const countOf = (id: number) => selected.filter((item) => item.serviceIds.includes(id)).length;
  const withService = selected.filter((item) => item.serviceIds.includes(serviceId));
  const without = selected.length - withService.length;
  const selectedServices = (services.data ?? []).filter((service) => countOf(service.id) > 0);
  const undoTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(undoTimer.current), []);
  if (selected.length === 0 && !undoable && !outcome) return null;

  const outcomeNote = outcome && (
    <p role={outcome.failed ? 'alert' : 'status'} className={outcome.failed ? bulkStyles.failed : bulkStyles.outcome}>
      {outcome.text}{' '}
      <Button size="small" variant="ghost" onClick={() => setOutcome(null)}>
        Dismiss
      </Button>
    </p>
  );
  const undoOffer = undoable && (
    <div className={bulkStyles.undo} role="status">
      <span>
        Moved {undoable.stepChangeIds.length} case(s) to “{undoable.step}”.
      </span>
      <Button
        size="small"
        variant="secondary"
        disabled={undoBulk.isPending}
        onClick={() =>
          undoBulk.mutate(undoable.stepChangeIds, {
            onSuccess: ({ message }) => {
              clearTimeout(undoTimer.current);
              setUndoable(null);
              setOutcome(null);
              notify(message);
            },
            onError: (error) => {
              setUndoable(null);
              notify(errorMessage(error, 'Could not undo the move.'), 'error');
            },
          })
        }
      >
        <Undo2 aria-hidden="true" size={14} /> Undo move
      </Button>
    </div>
  );
  if (selected.length === 0)
    return (
      <section className={`${styles.card} ${bulkStyles.bar}`} aria-label="Last move">
        {outcomeNote}
        {undoOffer}
      </section>
    );

  return (
    <section className={`${styles.card} ${bulkStyles.bar}`} aria-label="Move selected cases">
      <p className={bulkStyles.count} role="status">
        {selected.length} case(s) selected
        {/* How many have each service: a mixed selection moves, per service, those that have it. */}
        {selectedServices.length > 1 &&
          `: ${selectedServices.map((service) => `${service.name} ${countOf(service.id)}`).join(' · ')}`}
        {serviceId > 0 &&
          without > 0 &&
          ` · ${withService.length} have this service; the ${without} without it stay as they are`}
      </p>
      <form
        className={bulkStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const serviceName = services.data?.find((service) => service.id === serviceId)?.name ?? '';
          bulkStep.mutate(
            { caseIds: withService.map((item) => item.id), serviceId, newStep, notify: emailApplicants },
            {
              onSuccess: (result) => {
                notify(result.message);
                setOutcome({
                  text: `${withService.length} case(s) moved to “${newStep}” in ${serviceName}${
                    without > 0 ? `; ${without} selected case(s) without ${serviceName} were left as they are` : ''
                  }.`,
                  failed: false,
                });
                clearTimeout(undoTimer.current);
                if (result.undoUntil && result.stepChangeIds.length) {
                  setUndoable({ stepChangeIds: result.stepChangeIds, step: newStep });
                  undoTimer.current = setTimeout(() => setUndoable(null), undoWindowMs(result.undoUntil));
                } else {
                  setUndoable(null);
                }
                onDone();
              },
              onError: (error) => setOutcome({ text: errorMessage(error, 'Could not move the cases.'), failed: true }),
            },
          );
        }}
      >
        <SelectField
          label="Service"
          value={serviceId || ''}
          onChange={(event) => {
            setServiceId(Number(event.target.value));
            setNewStep('');
          }}
        >
          <option value="">Choose a service</option>
          {(services.data ?? [])
            .filter((service) => countOf(service.id) > 0)
            .map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
        </SelectField>
        <SelectField
          label="New step"
          value={newStep}
          disabled={!serviceId || steps.isPending}
          onChange={(event) => setNewStep(event.target.value)}
        >
          <option value="">{serviceId && steps.isPending ? 'Loading steps...' : 'Choose a step'}</option>
          {serviceId > 0 &&
            (steps.data ?? []).map((step) => (
              <option key={step.id} value={step.name}>
                {step.sequence}. {step.name}
              </option>
            ))}
        </SelectField>
        <label className={bulkStyles.notifyChoice}>
          <input
            type="checkbox"
            checked={emailApplicants}
            onChange={(event) => setEmailApplicants(event.target.checked)}
          />
          Email the applicants
        </label>
        <Button type="submit" disabled={!serviceId || !newStep || withService.length === 0 || bulkStep.isPending}>
          <MoveRight aria-hidden="true" size={18} />{' '}
          {bulkStep.isPending
            ? 'Moving...'
            : serviceId && without > 0
              ? `Move the ${withService.length} with this service`
              : 'Move selected'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Clear selection
        </Button>
      </form>
      {outcomeNote}
      {undoOffer}
    </section>
  );
}
