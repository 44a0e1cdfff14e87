import { Download, MoveRight, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/http.js';
import { Button, buttonClassName } from '../ui/button.js';
import { SelectField } from '../ui/field.js';
import { useToast } from '../ui/toast.js';
import { downloadCasesCsv, useBulkStep, useServices, useSteps, type CasesListParams } from './admin-api.js';
import styles from './admin-pages.module.css';
import bulkStyles from './admin-bulk-actions.module.css';

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

/** Moves every selected case's chosen service to one step, in one go (all or nothing). */
export function BulkStepBar({ caseIds, onDone }: { caseIds: number[]; onDone: () => void }) {
  const notify = useToast();
  const services = useServices();
  const [serviceId, setServiceId] = useState(0);
  const [newStep, setNewStep] = useState('');
  const steps = useSteps(serviceId);
  const bulkStep = useBulkStep();
  if (caseIds.length === 0) return null;

  return (
    <section className={`${styles.card} ${bulkStyles.bar}`} aria-label="Move selected cases">
      <p className={bulkStyles.count} role="status">
        {caseIds.length} case(s) selected
      </p>
      <form
        className={bulkStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          bulkStep.mutate(
            { caseIds, serviceId, newStep },
            {
              onSuccess: ({ message }) => {
                notify(message);
                onDone();
              },
              onError: (error) => notify(errorMessage(error, 'Could not move the cases.'), 'error'),
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
          {(services.data ?? []).map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="New step" value={newStep} disabled={!serviceId || steps.isPending} onChange={(event) => setNewStep(event.target.value)}>
          <option value="">{serviceId && steps.isPending ? 'Loading steps...' : 'Choose a step'}</option>
          {serviceId > 0 &&
            (steps.data ?? []).map((step) => (
              <option key={step.id} value={step.name}>
                {step.sequence}. {step.name}
              </option>
            ))}
        </SelectField>
        <Button type="submit" disabled={!serviceId || !newStep || bulkStep.isPending}>
          <MoveRight aria-hidden="true" size={18} /> {bulkStep.isPending ? 'Moving...' : 'Move selected'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Clear selection
        </Button>
      </form>
    </section>
  );
}
