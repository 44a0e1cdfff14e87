import { useId, useState, type FormEvent } from 'react';
import type { ServiceDocument } from '../../contracts/case-documents.js';
import type { Service } from '../../contracts/cases.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { DataTable } from '../ui/data-table.js';
import { SelectField, TextField } from '../ui/field.js';
import { ConfirmDialog } from '../ui/modal.js';
import { FormDialog } from '../ui/form-dialog.js';
import { QueryState } from '../ui/query-state.js';
import { emptiedIfUnchanged, Form } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import {
  useCreateServiceDocument,
  useDeleteServiceDocument,
  useServiceDocuments,
  useUpdateServiceDocument,
  type DocumentFields,
} from './admin-documents-api.js';
import styles from './admin-pages.module.css';
import { RowActions } from './admin-row-actions.js';
import { serverFieldErrors } from './server-field-errors.js';
import { emptyTranslationDraft, translationDraft, TranslationFields } from './admin-translation-fields.js';

const emptyFields: DocumentFields = {
  name: '',
  description: '',
  required: true,
  translations: emptyTranslationDraft(),
};

/** The services screen's documents section: what each service asks applicants to send. */
export function ServiceDocumentsSection({
  services,
  chosen,
  onChoose,
}: {
  services: Service[];
  /** The service whose documents are shown (the first when none is chosen or it is gone). */
  chosen: number | null;
  onChoose: (serviceId: number) => void;
}) {
  const serviceId = services.some((entry) => entry.id === chosen) ? chosen : (services[0]?.id ?? null);
  const service = services.find((entry) => entry.id === serviceId);

  return (
    <section className={styles.card} aria-labelledby="service-documents-heading">
      <h2 id="service-documents-heading" className={styles.cardTitle}>
        Documents applicants send
      </h2>
      <SelectField label="Service" value={serviceId ?? ''} onChange={(event) => onChoose(Number(event.target.value))}>
        {services.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </SelectField>
      {service && <DocumentsOfService key={service.id} service={service} />}
    </section>
  );
}

function DocumentsOfService({ service }: { service: Service }) {
  const notify = useToast();
  const documents = useServiceDocuments(service.id);
  const create = useCreateServiceDocument(service.id);
  const remove = useDeleteServiceDocument(service.id);
  const [fields, setFields] = useState<DocumentFields>(emptyFields);
  const [editing, setEditing] = useState<ServiceDocument | null>(null);
  const [removing, setRemoving] = useState<ServiceDocument | null>(null);
  const createFailure = serverFieldErrors(create.error, documentFieldNames, 'Could not add the document.');

  function onAdd(event: FormEvent) {
    event.preventDefault();
    const sent = fields;
    create.mutate(sent, {
      onSuccess: (created) => {
        setFields(emptiedIfUnchanged(sent, emptyFields));
        notify(`"${created.name}" added to ${service.name}`);
      },
    });
  }

  return (
    <>
      <QueryState
        query={documents}
        loading="Loading documents..."
        error="Could not fetch the documents."
        empty={`${service.name} asks for no documents yet.`}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <DataTable
            caption={`Documents of ${service.name}`}
            rows={list}
            rowKey={(document) => document.id}
            columns={[
              { header: 'Name', cell: (document) => document.name },
              { header: 'Description', cell: (document) => document.description ?? '' },
              { header: 'Required', cell: (document) => (document.required ? 'Yes' : 'No') },
              {
                header: 'Actions',
                cell: (document) => (
                  <RowActions
                    name={document.name}
                    deleteLabel="Remove"
                    onEdit={() => setEditing(document)}
                    onDelete={() => setRemoving(document)}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>

      <h3 className={styles.cardTitle}>Add a document to {service.name}</h3>
      <FormError message={createFailure.formError} />
      <Form onSubmit={onAdd}>
        <DocumentFieldsInputs fields={fields} onChange={setFields} messageFor={createFailure.messageFor} />
        <div className={styles.formActions}>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Document'}
          </Button>
        </div>
      </Form>

      <EditDocumentDialog service={service} document={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove document"
        message={`Stop asking applicants of ${service.name} for ${removing?.name ?? ''}?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => notify(`"${removing.name}" removed`),
            onError: (error) => notify(errorMessage(error, 'Could not remove the document.'), 'error'),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </>
  );
}

const documentFieldNames = ['name', 'description', 'required'] as const;

function DocumentFieldsInputs({
  fields,
  onChange,
  messageFor,
}: {
  fields: DocumentFields;
  onChange: (fields: DocumentFields) => void;
  messageFor: (field: (typeof documentFieldNames)[number]) => string | null;
}) {
  const requiredId = useId();
  return (
    <>
      <TextField
        label="Document name"
        autoComplete="off"
        required
        maxLength={120}
        value={fields.name}
        onChange={(event) => onChange({ ...fields, name: event.target.value })}
        error={messageFor('name')}
      />
      <TextField
        label="Description for the applicant"
        autoComplete="off"
        maxLength={1000}
        value={fields.description}
        onChange={(event) => onChange({ ...fields, description: event.target.value })}
        error={messageFor('description')}
      />
      <TranslationFields
        what="document"
        nameMax={120}
        descriptionMax={1000}
        value={fields.translations}
        onChange={(translations) => onChange({ ...fields, translations })}
      />
      <p>
        <input
          id={requiredId}
          type="checkbox"
          checked={fields.required}
          onChange={(event) => onChange({ ...fields, required: event.target.checked })}
        />{' '}
        <label htmlFor={requiredId}>Required</label>
      </p>
    </>
  );
}

function EditDocumentDialog({
  service,
  document,
  onClose,
}: {
  service: Service;
  document: ServiceDocument | null;
  onClose: () => void;
}) {
  const notify = useToast();
  const update = useUpdateServiceDocument(service.id);
  const [fields, setFields] = useState<DocumentFields | null>(null);
  const updateFailure = serverFieldErrors(update.error, documentFieldNames, 'Could not save the document.');
  const shown =
    fields ??
    (document
      ? {
          name: document.name,
          description: document.description ?? '',
          required: document.required,
          translations: translationDraft(document.translations),
        }
      : emptyFields);

  function close() {
    setFields(null);
    update.reset();
    onClose();
  }

  function onSubmit() {
    if (!document) return;
    update.mutate(
      { id: document.id, ...shown },
      {
        onSuccess: (saved) => {
          notify(`"${saved.name}" saved`);
          close();
        },
      },
    );
  }

  return (
    <FormDialog
      title={`Edit ${document?.name ?? 'document'}`}
      open={document !== null}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel="Save"
      pendingLabel="Saving..."
      busy={update.isPending}
      error={updateFailure.formError}
    >
      <DocumentFieldsInputs fields={shown} onChange={setFields} messageFor={updateFailure.messageFor} />
    </FormDialog>
  );
}
