import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from '../lib/routing.js';
import type { Service, Step } from '../../contracts/cases.js';
import { ApiError, errorMessage } from '../lib/http.js';
import { routeId } from '../lib/route-id.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { ConfirmDialog } from '../ui/modal.js';
import { DataTable } from '../ui/data-table.js';
import { QueryState } from '../ui/query-state.js';
import { emptiedIfUnchanged, Form } from '../ui/form.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCreateStep, useDeleteStep, useReorderSteps, useServices, useSteps } from './admin-api.js';
import styles from './admin-pages.module.css';
import { RowActions } from './admin-row-actions.js';
import { DescriptionField, StepExplanationDialog } from './admin-step-explanation-dialog.js';
import { serverFieldErrors } from './server-field-errors.js';
import { emptyTranslationDraft, translationsBody, TranslationFields } from './admin-translation-fields.js';
import { missingTranslations } from '../../contracts/case-languages.js';

/** The ordered steps of one service; a service that does not exist says so and leads back. */
export default function AdminStepsPage() {
  const { serviceId: serviceIdParam = '' } = useParams();
  const serviceId = routeId(serviceIdParam);
  const services = useServices();
  if (services.isPending) return <LoadingState text="Loading service..." />;
  if (services.isLoadingError)
    return (
      <ErrorState
        message={errorMessage(services.error, 'Could not fetch services.')}
        onRetry={() => void services.refetch()}
      />
    );
  const service = services.data.find((candidate) => candidate.id === serviceId);
  if (!service) return <ServiceNotFound param={serviceIdParam} />;
  return <ServiceSteps key={service.id} service={service} />;
}

function ServiceNotFound({ param }: { param: string }) {
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>Service not found</h1>
      </div>
      <section className={styles.card} aria-label="Service not found">
        <p>There is no service with the id “{param}”. It may have been deleted.</p>
        <Link to="/caseadmin/services">Back to Services</Link>
      </section>
    </>
  );
}

function ServiceSteps({ service }: { service: Service }) {
  const notify = useToast();
  const serviceId = service.id;
  const steps = useSteps(serviceId);
  const createStep = useCreateStep(serviceId);
  const deleteStep = useDeleteStep(serviceId);
  const [name, setName] = useState('');
  const [sequence, setSequence] = useState('');
  const [description, setDescription] = useState('');
  const [expectedDays, setExpectedDays] = useState('');
  const [translations, setTranslations] = useState(emptyTranslationDraft);
  const reorder = useReorderSteps(serviceId);
  const [explaining, setExplaining] = useState<Step | null>(null);
  const [deleting, setDeleting] = useState<Step | null>(null);
  // A step cases are at cannot go: the refusal stays on screen with a link to those cases (issue 38).
  const [refused, setRefused] = useState<{ step: Step; message: string } | null>(null);

  const failure = serverFieldErrors(
    createStep.error,
    ['name', 'sequence', 'expected_days', 'description'],
    'Could not add the step.',
  );

  function onAdd(event: FormEvent) {
    event.preventDefault();
    createStep.mutate(
      { name, sequence, description, expected_days: expectedDays, translations: translationsBody(translations, true) },
      {
        onSuccess: (created) => {
          setName(emptiedIfUnchanged(name, ''));
          setTranslations(emptiedIfUnchanged(translations, emptyTranslationDraft()));
          setSequence(emptiedIfUnchanged(sequence, ''));
          setDescription(emptiedIfUnchanged(description, ''));
          setExpectedDays(emptiedIfUnchanged(expectedDays, ''));
          notify(`Step "${created.name}" added`);
        },
      },
    );
  }

  const reorderFailed = (error: Error) => notify(errorMessage(error, 'Could not reorder the steps.'), 'error');

  return (
    <>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Steps of {service.name}</h1>
        </div>
        <Link to="/caseadmin/services">Back to Services</Link>
      </div>

      <section className={styles.card} aria-labelledby="add-step-heading">
        <h2 id="add-step-heading" className={styles.cardTitle}>
          Add a Step
        </h2>
        <FormError message={failure.formError} />
        <Form className={styles.inlineForm} onSubmit={onAdd}>
          <TextField
            label="Step Name"
            name="name"
            autoComplete="off"
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={failure.messageFor('name')}
          />
          <TextField
            className={styles.narrowField}
            label="Sequence"
            name="sequence"
            type="number"
            required
            min={1}
            max={10000}
            step={1}
            inputMode="numeric"
            value={sequence}
            onChange={(event) => setSequence(event.target.value)}
            error={failure.messageFor('sequence')}
          />
          <TextField
            className={styles.narrowField}
            label="Expected days"
            name="expected_days"
            type="number"
            min={0}
            max={3650}
            step={1}
            inputMode="numeric"
            value={expectedDays}
            onChange={(event) => setExpectedDays(event.target.value)}
            error={failure.messageFor('expected_days')}
          />
          <DescriptionField
            value={description}
            onChange={setDescription}
            disabled={createStep.isPending}
            error={failure.messageFor('description')}
          />
          <TranslationFields
            what="step"
            nameMax={100}
            descriptionMax={1000}
            value={translations}
            onChange={setTranslations}
            disabled={createStep.isPending}
          />
          <Button type="submit" disabled={createStep.isPending}>
            {createStep.isPending ? 'Adding...' : 'Add Step'}
          </Button>
        </Form>
      </section>

      <section className={styles.card} aria-labelledby="steps-heading">
        <h2 id="steps-heading" className={styles.cardTitle}>
          Steps
        </h2>
        {refused && (
          <div role="alert" className={styles.refusal}>
            <p>{refused.message}</p>
            <p>
              <Link to={`/caseadmin/manage-cases?service=${serviceId}&step=${refused.step.id}`}>
                Show the cases at “{refused.step.name}”
              </Link>{' '}
              — move them to another step, then delete it.
            </p>
          </div>
        )}
        <QueryState
          query={steps}
          loading="Loading steps..."
          error={errorMessage(steps.error, 'Could not fetch steps.')}
          empty="This service has no steps yet."
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <DataTable
              caption="Steps"
              rows={list}
              rowKey={(step) => step.id}
              columns={[
                { header: 'ID', cell: (step) => step.id },
                { header: 'Name', cell: (step) => step.name },
                { header: 'Sequence', cell: (step) => step.sequence },
                { header: 'Expected Days', cell: (step) => step.expected_days ?? '—' },
                { header: 'Description', cell: (step) => step.description ?? '—' },
                { header: 'Not yet in Arabic / Hindi', cell: (step) => <StepMissing step={step} /> },
                {
                  header: 'Actions',
                  cell: (step) => (
                    <RowActions name={step.name} onEdit={() => setExplaining(step)} onDelete={() => setDeleting(step)}>
                      <Button
                        size="small"
                        variant="ghost"
                        disabled={reorder.isPending || list[0]?.id === step.id}
                        onClick={() => reorder.mutate(moved(list, step, -1), { onError: reorderFailed })}
                        aria-label={`Move ${step.name} up`}
                      >
                        <ArrowUp aria-hidden="true" size={14} />
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        disabled={reorder.isPending || list.at(-1)?.id === step.id}
                        onClick={() => reorder.mutate(moved(list, step, 1), { onError: reorderFailed })}
                        aria-label={`Move ${step.name} down`}
                      >
                        <ArrowDown aria-hidden="true" size={14} />
                      </Button>
                    </RowActions>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </section>

      {explaining && (
        <StepExplanationDialog
          key={explaining.id}
          step={explaining}
          onClose={() => setExplaining(null)}
          onSaved={() => {
            notify(`Step "${explaining.name}" saved`);
            setExplaining(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete step"
        message={`Are you sure you want to delete the step ${deleting?.name ?? ''}?`}
        busy={deleteStep.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteStep.mutate(deleting.id, {
            onSuccess: () => {
              setRefused(null);
              notify(`Step "${deleting.name}" deleted`);
            },
            onError: (error) =>
              error instanceof ApiError && error.status === 409
                ? setRefused({ step: deleting, message: error.message })
                : notify(errorMessage(error, 'Could not delete the step.'), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}

/** The steps' ids with `step` one place earlier (-1) or later (1). */
function moved(list: Step[], step: Step, by: -1 | 1): number[] {
  const ids = list.map((entry) => entry.id);
  const from = ids.indexOf(step.id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/** Which of the step's words applicants still read in English, per language. */
function StepMissing({ step }: { step: Step }) {
  const missing = missingTranslations({ name: step.name, description: step.description }, step.translations);
  const lines = (['ar', 'hi'] as const)
    .filter((language) => missing[language].length > 0)
    .map((language) => `${language === 'ar' ? 'Arabic' : 'Hindi'}: ${missing[language].join(', ')}`);
  return lines.length === 0 ? <span>All translated</span> : <span>{lines.join('; ')}</span>;
}
