import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Service } from '../../contracts/cases.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { ConfirmDialog } from '../ui/modal.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCreateService, useDeleteService, useServices } from './admin-api.js';
import styles from './admin-pages.module.css';

/** Service Management: the catalogue of services a case can subscribe to. */
export default function AdminServicesPage() {
  const notify = useToast();
  const services = useServices();
  const createService = useCreateService();
  const deleteService = useDeleteService();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Service | null>(null);

  function onAdd(event: FormEvent) {
    event.preventDefault();
    createService.mutate(name, {
      onSuccess: (created) => {
        setName('');
        notify(`Service "${created.name}" added`);
      },
    });
  }

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>Service Management</h1>
      </div>

      <section className={styles.card} aria-labelledby="add-service-heading">
        <h2 id="add-service-heading" className={styles.cardTitle}>
          Add a Service
        </h2>
        <FormError message={createService.isError ? errorMessage(createService.error, 'Could not add service.') : null} />
        <form className={styles.inlineForm} onSubmit={onAdd} noValidate>
          <TextField label="Service Name" name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" disabled={createService.isPending}>
            {createService.isPending ? 'Adding...' : 'Add Service'}
          </Button>
        </form>
      </section>

      <section className={styles.card} aria-labelledby="services-heading">
        <h2 id="services-heading" className={styles.cardTitle}>
          Services
        </h2>
        {services.isPending ? (
          <LoadingState text="Loading services..." />
        ) : services.isError ? (
          <ErrorState message="Could not fetch services." onRetry={() => void services.refetch()} />
        ) : services.data.length === 0 ? (
          <EmptyState>No services yet. Add the first one above.</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stackTable}`}>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Name</th>
                  <th scope="col">Steps</th>
                  <th scope="col">Delete</th>
                </tr>
              </thead>
              <tbody>
                {services.data.map((service) => (
                  <tr key={service.id}>
                    <td data-label="ID">{service.id}</td>
                    <td data-label="Name">{service.name}</td>
                    <td data-label="Steps">
                      <Link to={`/caseadmin/services/${service.id}/steps`} aria-label={`Steps of ${service.name}`}>
                        Steps
                      </Link>
                    </td>
                    <td data-label="Delete">
                      <Button size="small" variant="danger" onClick={() => setDeleting(service)} aria-label={`Delete ${service.name}`}>
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete service"
        message={`Are you sure you want to delete the service ${deleting?.name ?? ''}?`}
        busy={deleteService.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteService.mutate(deleting.id, {
            onSuccess: () => notify(`Service "${deleting.name}" deleted`),
            onError: (error) => notify(errorMessage(error, 'Could not delete service.'), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}
