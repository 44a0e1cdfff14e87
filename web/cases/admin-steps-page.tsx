import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { Step } from '../../contracts/cases.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { ConfirmDialog } from '../ui/modal.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCreateStep, useDeleteStep, useServices, useSteps } from './admin-api.js';
import styles from './admin-pages.module.css';
import { DescriptionField, StepExplanationDialog } from './admin-step-explanation-dialog.js';

/** The ordered steps of one service. */
export default function AdminStepsPage() {
  const notify = useToast();
  const { serviceId: serviceIdParam = '' } = useParams();
  const serviceId = Number(serviceIdParam);
  const services = useServices();
  const steps = useSteps(serviceId);
  const createStep = useCreateStep(serviceId);
  const deleteStep = useDeleteStep(serviceId);
  const [name, setName] = useState('');
  const [sequence, setSequence] = useState('');
  const [description, setDescription] = useState('');
  const [expectedDays, setExpectedDays] = useState('');
  const [explaining, setExplaining] = useState<Step | null>(null);
  const [deleting, setDeleting] = useState<Step | null>(null);
  const serviceName = services.data?.find((service) => service.id === serviceId)?.name;

  function onAdd(event: FormEvent) {
    event.preventDefault();
    createStep.mutate(
      { name, sequence, description, expected_days: expectedDays },
      {
        onSuccess: (created) => {
          setName('');
          setSequence('');
          setDescription('');
          setExpectedDays('');
          notify(`Step "${created.name}" added`);
        },
      },
    );
  }

  return (
    <>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Manage Steps for Service ID: {serviceIdParam}</h1>
          {serviceName && <p className={styles.subtitle}>{serviceName}</p>}
        </div>
        <Link to="/caseadmin/services">Back to Services</Link>
      </div>

      <section className={styles.card} aria-labelledby="add-step-heading">
        <h2 id="add-step-heading" className={styles.cardTitle}>
          Add a Step
        </h2>
        <FormError message={createStep.isError ? errorMessage(createStep.error, 'Could not add the step.') : null} />
        <form className={styles.inlineForm} onSubmit={onAdd} noValidate>
          <TextField label="Step Name" name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          <TextField
            className={styles.narrowField}
            label="Sequence"
            name="sequence"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={sequence}
            onChange={(event) => setSequence(event.target.value)}
          />
          <TextField
            className={styles.narrowField}
            label="Expected days"
            name="expected_days"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={expectedDays}
            onChange={(event) => setExpectedDays(event.target.value)}
          />
          <DescriptionField value={description} onChange={setDescription} disabled={createStep.isPending} />
          <Button type="submit" disabled={createStep.isPending}>
            {createStep.isPending ? 'Adding...' : 'Add Step'}
          </Button>
        </form>
      </section>

      <section className={styles.card} aria-labelledby="steps-heading">
        <h2 id="steps-heading" className={styles.cardTitle}>
          Steps
        </h2>
        {steps.isPending ? (
          <LoadingState text="Loading steps..." />
        ) : steps.isError ? (
          <ErrorState message={errorMessage(steps.error, 'Could not fetch steps.')} onRetry={() => void steps.refetch()} />
        ) : steps.data.length === 0 ? (
          <EmptyState>This service has no steps yet.</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stackTable}`}>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Name</th>
                  <th scope="col">Sequence</th>
                  <th scope="col">Expected Days</th>
                  <th scope="col">Description</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {steps.data.map((step) => (
                  <tr key={step.id}>
                    <td data-label="ID">{step.id}</td>
                    <td data-label="Name">{step.name}</td>
                    <td data-label="Sequence">{step.sequence}</td>
                    <td data-label="Expected Days">{step.expected_days ?? '—'}</td>
                    <td data-label="Description">{step.description ?? '—'}</td>
                    <td data-label="Actions">
                      <div className={styles.rowActions}>
                        <Button size="small" variant="secondary" onClick={() => setExplaining(step)} aria-label={`Edit ${step.name}`}>
                          Edit
                        </Button>
                        <Button size="small" variant="danger" onClick={() => setDeleting(step)} aria-label={`Delete ${step.name}`}>
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
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
            onSuccess: () => notify(`Step "${deleting.name}" deleted`),
            onError: (error) => notify(errorMessage(error, 'Could not delete the step.'), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}
