import Trash2 from 'lucide-react/icons/trash-2';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Service } from '../../contracts/cases.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { ConfirmDialog } from '../ui/modal.js';
import { DataTable } from '../ui/data-table.js';
import { QueryState } from '../ui/query-state.js';
import { Form } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCreateService, useDeleteService, useServices } from './admin-api.js';
import styles from './admin-pages.module.css';
import { ServiceDocumentsSection } from './admin-service-documents.js';
import { serverFieldErrors } from './server-field-errors.js';

/** Service Management: the catalogue of services a case can subscribe to. */
export default function AdminServicesPage() {
  const notify = useToast();
  const services = useServices();
  const createService = useCreateService();
  const deleteService = useDeleteService();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Service | null>(null);
  const failure = serverFieldErrors(createService.error, ['name'], 'Could not add service.');

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
        <FormError message={failure.formError} />
        <Form className={styles.inlineForm} onSubmit={onAdd}>
          <TextField
            label="Service Name"
            name="name"
            autoComplete="off"
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={failure.messageFor('name')}
          />
          <Button type="submit" disabled={createService.isPending}>
            {createService.isPending ? 'Adding...' : 'Add Service'}
          </Button>
        </Form>
      </section>

      <section className={styles.card} aria-labelledby="services-heading">
        <h2 id="services-heading" className={styles.cardTitle}>
          Services
        </h2>
        <QueryState
          query={services}
          loading="Loading services..."
          error="Could not fetch services."
          empty="No services yet. Add the first one above."
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <DataTable
              caption="Services"
              rows={list}
              rowKey={(service) => service.id}
              columns={[
                { header: 'ID', cell: (service) => service.id },
                { header: 'Name', cell: (service) => service.name },
                {
                  header: 'Steps',
                  cell: (service) => (
                    <Link to={`/caseadmin/services/${service.id}/steps`} aria-label={`Steps of ${service.name}`}>
                      Steps
                    </Link>
                  ),
                },
                {
                  header: 'Delete',
                  cell: (service) => (
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => setDeleting(service)}
                      aria-label={`Delete ${service.name}`}
                    >
                      <Trash2 aria-hidden="true" size={14} /> Delete
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </section>

      {services.data && services.data.length > 0 && <ServiceDocumentsSection services={services.data} />}

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
