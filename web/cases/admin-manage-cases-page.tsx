import Eye from 'lucide-react/icons/eye';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../lib/routing.js';
import type { AdminCase } from '../../contracts/cases.js';
import {
  CASES_PAGE_SIZE,
  caseSortFields,
  caseStatuses,
  sortOrders,
  type CaseSortField,
  type CaseStatus,
  type SortOrder,
} from '../../contracts/cases-constants.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { SelectField, TextField } from '../ui/field.js';
import { ConfirmDialog, Modal, ModalActions } from '../ui/modal.js';
import { Pagination } from '../ui/pagination.js';
import { DataTable } from '../ui/data-table.js';
import { QueryState } from '../ui/query-state.js';
import { RowMenu } from '../ui/row-menu.js';
import { Form } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import {
  caseAdminsQuery,
  useCasesList,
  useCreateCase,
  useDeleteCase,
  useServices,
  useSteps,
  useUpdateCaseServices,
} from './admin-api.js';
import { BulkStepBar, ImportExportActions, type SelectedCase } from './admin-bulk-actions.js';
import { ApplicantLanguageField, CaseForm, type ApplicantLanguageChoice } from './admin-case-form.js';
import styles from './admin-pages.module.css';
import { OwnerField, ownerIdOf, type OwnerChoice } from './admin-owner-field.js';
import { ServiceChecklist } from './admin-service-checklist.js';
import { serverFieldErrors } from './server-field-errors.js';
import { CaseStatusBadge } from './case-status-badge.js';
import { CurrentSteps, daysText } from './current-steps.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';

type SortBy = CaseSortField;
type Order = SortOrder;

const sortFields: { value: SortBy; label: string }[] = [
  { value: 'createdAt', label: 'Date Created' },
  { value: 'case_number', label: 'Case Number' },
  { value: 'passport_number', label: 'Passport Number' },
  { value: 'daysAtStep', label: 'Days at step' },
  { value: 'overdue', label: 'Most overdue' },
];

/** "amina.k" for amina.k@agency.test: the column stays narrow, the full address is in the details. */
const ownerName = (email: string) => email.split('@')[0] ?? email;

const idOf = (value: string | null) => (/^\d{1,9}$/.test(value ?? '') ? Number(value) : 0);

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The list's filters live in the address, so a filtered page can be reloaded, bookmarked, sent to
 * a colleague or come back to with the browser's Back button. Values the list does not know fall
 * back to its defaults, and defaults are left out of the address.
 */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    search: params.get('q') ?? '',
    status: oneOf<CaseStatus | ''>(['', ...caseStatuses], params.get('status'), ''),
    sortBy: oneOf<SortBy>(caseSortFields, params.get('sortBy'), 'createdAt'),
    order: oneOf<Order>(sortOrders, params.get('order'), 'DESC'),
    page: Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
    overdue: params.get('overdue') === 'true',
    owner: /^(me|none|\d{1,10})$/.test(params.get('owner') ?? '') ? (params.get('owner') ?? '') : '',
    // "Everyone at step X" (issue 38): a service, and one of its steps; the delete-step refusal links here.
    serviceId: idOf(params.get('service')),
    stepId: idOf(params.get('step')),
  };
  const defaults: Record<string, string> = {
    q: '',
    status: '',
    sortBy: 'createdAt',
    order: 'DESC',
    page: '1',
    overdue: '',
    owner: '',
    service: '',
    step: '',
  };
  const update = (
    changes: Partial<
      Record<'q' | 'status' | 'sortBy' | 'order' | 'page' | 'overdue' | 'owner' | 'service' | 'step', string>
    >,
    { replace = false } = {},
  ) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // Any filter change starts again at the first page.
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === defaults[key]) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  return { filters, update };
}

/** The longest wait of the case's unfinished services: what the "Days at step" heading sorts by. */
function LongestWait({ item }: { item: AdminCase }) {
  const waits = item.CaseServices.flatMap((service) => (service.days_at_step === null ? [] : [service.days_at_step]));
  if (waits.length === 0) return <span className={styles.muted}>—</span>;
  return <>{daysText(Math.max(...waits))}</>;
}

/**
 * How far past its step's usual length the case's most overdue service is: what the "Days over"
 * heading sorts by (each service's line says its own, issue 38).
 */
function MostOverdue({ item }: { item: AdminCase }) {
  const overdue = item.CaseServices.flatMap((service) => (service.overdue_days === null ? [] : [service.overdue_days]));
  if (overdue.length === 0) return <span className={styles.muted}>—</span>;
  const most = Math.max(...overdue);
  // Hours past the usual length are 0 whole days: said as under a day (short, for the narrow column).
  return <span className={styles.overdueNote}>{most < 1 ? '< 1 day' : daysText(most)}</span>;
}

/** Case Management: search, filter, sort and page the cases; create, edit and delete them. */
export default function AdminManageCasesPage() {
  const notify = useToast();
  const navigate = useNavigate();
  const { filters, update } = useListFilters();
  const { status, sortBy, order, page, overdue, owner, serviceId, stepId } = filters;
  const staff = useQuery(caseAdminsQuery());
  const services = useServices();
  const steps = useSteps(serviceId);
  // The box shows what is typed at once; the address (and the query) follow a moment later.
  const [search, setSearch] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debouncedSearch !== filters.search.trim()) update({ q: debouncedSearch }, { replace: true });
    // Only a settled search writes the address: `filters` and `update` change with every address,
    // and listing them would write a stale box back over a Back or Forward (read below instead).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  // Back or Forward to another search: the box shows it (adjusted while rendering, as React advises
  // for state that follows a changed input, rather than in an effect one render late).
  const [addressSearch, setAddressSearch] = useState(filters.search);
  if (filters.search !== addressSearch) {
    setAddressSearch(filters.search);
    if (filters.search.trim() !== debouncedSearch) setSearch(filters.search);
  }
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminCase | null>(null);
  const [deleting, setDeleting] = useState<AdminCase | null>(null);
  // Selected cases stay selected across pages and filters, until moved or cleared; each keeps its
  // services, so the move bar can say how many have each (issue 38).
  const [selectedCases, setSelected] = useState<ReadonlyMap<number, SelectedCase>>(new Map());
  const selected = { has: (id: number) => selectedCases.has(id) };
  const toggle = (items: AdminCase[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (on)
          next.set(item.id, {
            id: item.id,
            case_number: item.case_number,
            serviceIds: item.CaseServices.map((service) => service.service_id),
          });
        else next.delete(item.id);
      }
      return next;
    });

  const listed = filters.search.trim();
  // sortBy and order are always sent, so the server answers the list rather than the dashboard overview.
  const list = useCasesList({
    search: listed,
    status,
    sortBy,
    order,
    page,
    pageSize: CASES_PAGE_SIZE,
    overdue,
    owner,
    serviceId,
    stepId,
  });
  // A heading sorts by its column; again, the other way.
  const sortColumn = (field: SortBy) => ({
    direction: sortBy === field ? (order === 'ASC' ? ('ascending' as const) : ('descending' as const)) : undefined,
    onSort: () => update({ sortBy: field, order: sortBy === field && order === 'DESC' ? 'ASC' : 'DESC' }),
  });
  const deleteCase = useDeleteCase();

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>Case Management</h1>
        <div className={styles.rowActions}>
          <ImportExportActions filter={{ search: listed, status, sortBy, order, overdue, owner, serviceId, stepId }} />
          <Button onClick={() => setCreating(true)}>Create New Case</Button>
        </div>
      </div>

      <section className={styles.card} aria-label="Find cases">
        <div className={styles.toolbar}>
          <TextField
            label="Search cases"
            placeholder="Number, name, passport, email or step"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField label="Status" value={status} onChange={(event) => update({ status: event.target.value })}>
            <option value="">All Statuses</option>
            {caseStatuses.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
          <SelectField label="Owner" value={owner} onChange={(event) => update({ owner: event.target.value })}>
            <option value="">Everyone's cases</option>
            <option value="me">My cases</option>
            <option value="none">Nobody's yet</option>
            {(staff.data ?? []).map((admin) => (
              <option key={admin.id} value={String(admin.id)}>
                {admin.email}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Service"
            value={serviceId ? String(serviceId) : ''}
            onChange={(event) => update({ service: event.target.value, step: '' })}
          >
            <option value="">All services</option>
            {(services.data ?? []).map((service) => (
              <option key={service.id} value={String(service.id)}>
                {service.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Step"
            value={stepId ? String(stepId) : ''}
            disabled={!serviceId}
            onChange={(event) => update({ step: event.target.value })}
          >
            <option value="">{serviceId ? 'Any step' : 'Choose a service first'}</option>
            {(steps.data ?? []).map((step) => (
              <option key={step.id} value={String(step.id)}>
                {step.name}
              </option>
            ))}
          </SelectField>
          <label className={styles.filterCheck}>
            <input
              type="checkbox"
              checked={overdue}
              onChange={(event) => update({ overdue: event.target.checked ? 'true' : '' })}
            />
            Overdue only
          </label>
          <SelectField label="Sort by" value={sortBy} onChange={(event) => update({ sortBy: event.target.value })}>
            {sortFields.map((field) => (
              <option key={field.value} value={field.value}>
                {field.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Order" value={order} onChange={(event) => update({ order: event.target.value })}>
            <option value="DESC">Descending</option>
            <option value="ASC">Ascending</option>
          </SelectField>
        </div>
      </section>

      <BulkStepBar selected={[...selectedCases.values()]} onDone={() => setSelected(new Map())} />

      {/* Busy while the rows on screen are the previous filter's, kept until the new answer comes. */}
      <section className={styles.card} aria-label="Cases" aria-busy={list.isPlaceholderData}>
        <QueryState
          query={list}
          loading="Loading cases..."
          error={(failure) => errorMessage(failure, 'Could not fetch cases.')}
          empty={
            listed || status || overdue || owner || serviceId
              ? 'No cases match these filters.'
              : 'No cases yet. Create the first one.'
          }
          isEmpty={(data) => data.cases.length === 0}
        >
          {(data) => (
            <>
              {data.nearMatches && (
                <p role="status" className={styles.muted}>
                  Nothing matches “{listed}” exactly; these names are one letter away.
                </p>
              )}
              <DataTable
                dense
                caption="Cases"
                rows={data.cases}
                rowKey={(item) => item.id}
                columns={[
                  // The desk's widths, decided here once (rows never change them, issue 38): numbers
                  // whole (sized for 22-character case numbers), the name on at most two lines, the
                  // steps taking the rest; at a narrow desk the owner column gives way first, then the status
                  // (both on the case page and in the filters).
                  {
                    header: 'Select',
                    width: '2rem',
                    headerControl: {
                      label: 'Select all cases on this page',
                      control: (
                        <input
                          type="checkbox"
                          checked={data.cases.every((item) => selected.has(item.id))}
                          onChange={(event) => toggle(data.cases, event.target.checked)}
                        />
                      ),
                    },
                    cell: (item) => (
                      <input
                        type="checkbox"
                        aria-label={`Select ${item.case_number}`}
                        checked={selected.has(item.id)}
                        onChange={(event) => toggle([item], event.target.checked)}
                      />
                    ),
                  },
                  {
                    header: 'Case Number',
                    identifier: true,
                    width: 'calc(24.5ch + 0.8rem)',
                    sort: sortColumn('case_number'),
                    cell: (item) => (
                      <Link to={`/caseadmin/details/${item.id}`} className={styles.caseLink}>
                        {item.case_number}
                      </Link>
                    ),
                  },
                  {
                    header: 'Client Name',
                    width: 'clamp(9rem, 15cqi, 16rem)',
                    maxLines: 2,
                    cell: (item) => <bdi>{item.client_name}</bdi>,
                  },
                  {
                    header: 'Passport Number',
                    identifier: true,
                    width: 'calc(15.5ch + 0.8rem)',
                    sort: sortColumn('passport_number'),
                    cell: (item) => item.passport_number,
                  },
                  {
                    header: 'Status',
                    width: '8.25rem',
                    optional: 2,
                    cell: (item) => <CaseStatusBadge status={item.status} />,
                  },
                  {
                    header: 'Current Step',
                    fill: true,
                    width: '7rem',
                    cell: (item) => <CurrentSteps services={item.CaseServices} />,
                  },
                  {
                    header: 'Days at step',
                    width: '4rem',
                    sort: sortColumn('daysAtStep'),
                    cell: (item) => <LongestWait item={item} />,
                  },
                  {
                    // "30 days over", as each service's line says it; sorted by how overdue.
                    header: 'Days over',
                    width: '4rem',
                    sort: sortColumn('overdue'),
                    cell: (item) => <MostOverdue item={item} />,
                  },
                  {
                    header: 'Owner',
                    width: '6.5rem',
                    maxLines: 2,
                    optional: 1,
                    cell: (item) =>
                      item.owner ? ownerName(item.owner.email) : <span className={styles.muted}>Nobody</span>,
                  },
                  {
                    header: 'Actions',
                    width: '5rem',
                    cell: (item) => (
                      <RowMenu
                        label={`Actions for ${item.case_number}`}
                        items={[
                          {
                            label: 'View details',
                            icon: <Eye aria-hidden="true" size={14} />,
                            to: `/caseadmin/details/${item.id}`,
                          },
                          {
                            label: 'Edit',
                            icon: <Pencil aria-hidden="true" size={14} />,
                            onSelect: () => setEditing(item),
                          },
                          {
                            label: 'Delete',
                            icon: <Trash2 aria-hidden="true" size={14} />,
                            onSelect: () => setDeleting(item),
                            danger: true,
                          },
                        ]}
                      />
                    ),
                  },
                ]}
                footer={
                  <Pagination
                    page={page}
                    pageSize={CASES_PAGE_SIZE}
                    total={data.total}
                    estimated={data.totalEstimated}
                    onPageChange={(next) => update({ page: String(next) })}
                    label="Cases pages"
                  />
                }
              />
            </>
          )}
        </QueryState>
      </section>

      <CreateCaseModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(message, id) => {
          setCreating(false);
          notify(message);
          // Onto the new case: what an admin does next (its steps, its email) happens there.
          navigate(`/caseadmin/details/${id}`);
        }}
      />
      {editing && (
        <EditCaseModal
          key={editing.id}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify('Case updated');
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete case"
        message={`Are you sure you want to delete the case ${deleting?.case_number ?? ''}?`}
        busy={deleteCase.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteCase.mutate(deleting.id, {
            onSuccess: () => {
              // A deleted case cannot be moved: it leaves the selection too.
              toggle([deleting], false);
              notify(`Case ${deleting.case_number} deleted`);
            },
            onError: (error) => notify(errorMessage(error, 'Could not delete the case.'), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}

function CreateCaseModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (message: string, id: number) => void;
}) {
  const createCase = useCreateCase();
  const close = () => {
    createCase.reset();
    onClose();
  };
  return (
    <Modal title="Create New Case" open={open} onClose={close}>
      <CaseForm
        withCaseNumber
        submitLabel="Create Case"
        busy={createCase.isPending}
        failure={createCase.error}
        onSubmit={(body) =>
          createCase.mutate(body, {
            onSuccess: ({ message, newCase }) => {
              createCase.reset();
              onCreated(`${message}: ${newCase.case_number}`, newCase.id);
            },
          })
        }
        extraActions={
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        }
      />
    </Modal>
  );
}

/** The edit request's fields this form has a place for; the server's sentence about one shows next to it. */
const editFields = [
  'serviceIds',
  'client_email',
  'client_name',
  'passport_number',
  'reason',
  'ownerId',
  'applicant_language',
] as const;

function EditCaseModal({ item, onClose, onSaved }: { item: AdminCase; onClose: () => void; onSaved: () => void }) {
  const update = useUpdateCaseServices();
  const [serviceIds, setServiceIds] = useState(() => item.CaseServices.map((caseService) => caseService.service_id));
  const [clientEmail, setClientEmail] = useState(item.client_email ?? '');
  const [clientName, setClientName] = useState(item.client_name);
  const [passportNumber, setPassportNumber] = useState(item.passport_number);
  const [reason, setReason] = useState('');
  const [owner, setOwner] = useState<OwnerChoice>(item.owner ? String(item.owner.id) : 'none');
  const [language, setLanguage] = useState<ApplicantLanguageChoice>(item.applicant_language);
  // Who the case is about changes only with a reason, which the history keeps.
  const identityChanged = clientName.trim() !== item.client_name || passportNumber.trim() !== item.passport_number;
  const failure = serverFieldErrors(update.error, editFields, 'Could not save the changes. Please try again.');
  return (
    <Modal title="Edit Case" open onClose={onClose}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            {
              id: item.id,
              serviceIds,
              client_email: clientEmail,
              client_name: clientName,
              passport_number: passportNumber,
              ownerId: ownerIdOf(owner),
              applicant_language: language,
              ...(identityChanged ? { reason } : {}),
            },
            { onSuccess: onSaved },
          );
        }}
      >
        <FormError message={failure.messageFor('serviceIds') ?? failure.formError} />
        <TextField label="Case Number" value={item.case_number} disabled readOnly />
        <TextField
          label="Client Name"
          required
          maxLength={200}
          value={clientName}
          onChange={(event) => setClientName(event.target.value)}
          error={failure.messageFor('client_name')}
        />
        <TextField
          label="Passport Number"
          required
          maxLength={64}
          value={passportNumber}
          onChange={(event) => setPassportNumber(event.target.value)}
          error={failure.messageFor('passport_number')}
        />
        {identityChanged && (
          <TextField
            label="Reason for the change"
            hint="Kept in the case's history, e.g. “Typo at intake, checked against the passport”."
            required
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={failure.messageFor('reason')}
          />
        )}
        <TextField
          label="Applicant Email (optional)"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={clientEmail}
          onChange={(event) => setClientEmail(event.target.value)}
          error={failure.messageFor('client_email')}
        />
        <ApplicantLanguageField
          value={language}
          onChange={setLanguage}
          error={failure.messageFor('applicant_language')}
        />
        <OwnerField
          value={owner}
          onChange={setOwner}
          defaultLabel="Choose the owner"
          error={failure.messageFor('ownerId')}
        />
        <ServiceChecklist selected={serviceIds} onChange={setServiceIds} disabled={update.isPending} />
        <ModalActions>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </ModalActions>
      </Form>
    </Modal>
  );
}
