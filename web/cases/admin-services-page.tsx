import { useState, type FormEvent } from 'react';
import { Link } from '../lib/routing.js';
import type { Service } from '../../contracts/cases.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { ConfirmDialog } from '../ui/modal.js';
import { FormDialog } from '../ui/form-dialog.js';
import { DataTable } from '../ui/data-table.js';
import { QueryState } from '../ui/query-state.js';
import { emptiedIfUnchanged, Form } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCreateService, useDeleteService, useServices, useUpdateService } from './admin-api.js';
import styles from './admin-pages.module.css';
import { RowActions } from './admin-row-actions.js';
import { ServiceDocumentsSection } from './admin-service-documents.js';
import {
  emptyTranslationDraft,
  type TranslationDraft,
  translationDraft,
  translationsBody,
  TranslationFields,
} from './admin-translation-fields.js';
import { serverFieldErrors } from './server-field-errors.js';

/** Service Management: the catalogue of services a case can subscribe to. */
export default function AdminServicesPage() {
  const notify = useToast();
  const services = useServices();
  const createService = useCreateService();
  const deleteService = useDeleteService();
  const [name, setName] = useState('');
  const [translations, setTranslations] = useState(emptyTranslationDraft);
  const [editing, setEditing] = useState<Service | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  // The documents section shows one service's documents; "what is missing" can choose it.
  const [documentsOf, setDocumentsOf] = useState<number | null>(null);
  const failure = serverFieldErrors(createService.error, ['name'], 'Could not add service.');

  function onAdd(event: FormEvent) {
    event.preventDefault();
    createService.mutate(
      { name, translations: translationsBody(translations, false) },
      {
        onSuccess: (created) => {
          setName(emptiedIfUnchanged(name, ''));
          setTranslations(emptiedIfUnchanged(translations, emptyTranslationDraft()));
          notify(`Service "${created.name}" added`);
        },
      },
    );
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
          <ServiceFields
            name={name}
            onName={setName}
            nameError={failure.messageFor('name')}
            translations={translations}
            onTranslations={setTranslations}
            busy={createService.isPending}
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
                  header: 'Not yet in Arabic / Hindi',
                  cell: (service) => (
                    <MissingTranslations service={service} onShowDocuments={() => setDocumentsOf(service.id)} />
                  ),
                },
                {
                  header: 'Actions',
                  cell: (service) => (
                    <RowActions
                      name={service.name}
                      onEdit={() => setEditing(service)}
                      onDelete={() => setDeleting(service)}
                    />
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </section>

      {services.data && services.data.length > 0 && (
        <ServiceDocumentsSection services={services.data} chosen={documentsOf} onChoose={setDocumentsOf} />
      )}

      {editing && (
        <EditServiceDialog
          key={editing.id}
          service={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notify(`Service "${saved}" saved`);
            setEditing(null);
          }}
        />
      )}

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

/**
 * How many of the service's texts (its name, its steps' names and descriptions, its documents' names
 * and descriptions) applicants still read in English, per language, and where to fill them in.
 */
function MissingTranslations({ service, onShowDocuments }: { service: Service; onShowDocuments: () => void }) {
  const { ar, hi } = service.missingTranslations;
  if (ar === 0 && hi === 0) return <span>All translated</span>;
  return (
    <div>
      <span className={styles.missing}>
        Arabic: {ar} {ar === 1 ? 'text' : 'texts'} missing
      </span>
      <br />
      <span className={styles.missing}>
        Hindi: {hi} {hi === 1 ? 'text' : 'texts'} missing
      </span>
      <div className={styles.rowActions}>
        <Link to={`/caseadmin/services/${service.id}/steps`} aria-label={`${service.name}: translate its steps`}>
          Translate steps
        </Link>
        <a
          href="#service-documents-heading"
          onClick={onShowDocuments}
          aria-label={`${service.name}: translate its documents`}
        >
          Translate documents
        </a>
      </div>
    </div>
  );
}

/** A service's fields, the same when it is added and when it is edited: its name and its Arabic and Hindi names. */
function ServiceFields({
  name,
  onName,
  nameError,
  translations,
  onTranslations,
  busy,
}: {
  name: string;
  onName: (name: string) => void;
  nameError: string | null;
  translations: TranslationDraft;
  onTranslations: (translations: TranslationDraft) => void;
  busy: boolean;
}) {
  return (
    <>
      <TextField
        label="Service Name"
        name="name"
        autoComplete="off"
        required
        maxLength={100}
        value={name}
        onChange={(event) => onName(event.target.value)}
        error={nameError}
      />
      <TranslationFields what="service" nameMax={100} value={translations} onChange={onTranslations} disabled={busy} />
    </>
  );
}

/** A service renamed, or its name given in Arabic and Hindi. */
function EditServiceDialog({
  service,
  onClose,
  onSaved,
}: {
  service: Service;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const update = useUpdateService();
  const [name, setName] = useState(service.name);
  const [translations, setTranslations] = useState(() => translationDraft(service.translations));
  const failure = serverFieldErrors(update.error, ['name'], 'Could not save the service.');
  return (
    <FormDialog
      title={`Edit ${service.name}`}
      open
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          { id: service.id, name, translations: translationsBody(translations, false) },
          { onSuccess: (saved) => onSaved(saved.name) },
        )
      }
      submitLabel="Save"
      pendingLabel="Saving..."
      busy={update.isPending}
      error={failure.formError}
    >
      <ServiceFields
        name={name}
        onName={setName}
        nameError={failure.messageFor('name')}
        translations={translations}
        onTranslations={setTranslations}
        busy={update.isPending}
      />
    </FormDialog>
  );
}
