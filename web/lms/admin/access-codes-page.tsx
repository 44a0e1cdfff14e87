import Download from 'lucide-react/icons/download';
import KeyRound from 'lucide-react/icons/key-round';
import { useState, type FormEvent } from 'react';
import { programs, type Program } from '../../../contracts/lms-constants.js';
import { formatDateTime } from '../../lib/format.js';
import { errorMessage } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { DataTable } from '../../ui/data-table.js';
import { TextField } from '../../ui/field.js';
import { Form } from '../../ui/form.js';
import { Pagination } from '../../ui/pagination.js';
import { QueryState } from '../../ui/query-state.js';
import { FormError } from '../../ui/states.js';
import review from '../exam-review.module.css';
import { programLabel } from '../labels.js';
import styles from '../lms.module.css';
import { lmsApi } from '../session.js';
import { useIssueAccessCodes, usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

const stateText = { unused: 'Unused', redeemed: 'Redeemed', expired: 'Expired' } as const;

/** The new codes as a one-column CSV, for the agency's candidate list (codes hold no comma or quote), with the byte-order mark every export carries so Excel reads it as UTF-8. */
function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`\uFEFFcode\n${codes.join('\n')}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'access-codes.csv';
  link.click();
  URL.revokeObjectURL(url);
}

function IssueForm() {
  const [count, setCount] = useState('10');
  const [chosen, setChosen] = useState<Program[]>([...programs]);
  const [expires, setExpires] = useState('');
  const [note, setNote] = useState('');
  const issue = useIssueAccessCodes();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate({
      count: Number(count),
      programs: chosen,
      note,
      ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
    });
  };
  return (
    <Form
      className={styles.card}
      onSubmit={onSubmit}
      aria-label="Issue access codes"
      style={{ marginBottom: '1.5rem' }}
    >
      <h2>Issue access codes</h2>
      <p className={styles.muted}>
        Each code opens the chosen programs for the one learner who redeems it. Codes are shown only now: download or
        copy them.
      </p>
      <FormError message={issue.isError ? errorMessage(issue.error, 'The codes could not be issued.') : null} />
      <div className={styles.formGrid}>
        <TextField
          label="How many codes"
          type="number"
          min={1}
          max={500}
          required
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
        <TextField
          label="Valid until (optional)"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <TextField
          label="Note (optional)"
          value={note}
          maxLength={200}
          onChange={(e) => setNote(e.target.value)}
          hint="For example the agency's name"
        />
        <fieldset>
          <legend>Programs</legend>
          {programs.map((p) => (
            <label key={p} style={{ display: 'block' }}>
              <input
                type="checkbox"
                checked={chosen.includes(p)}
                onChange={(e) => setChosen((list) => (e.target.checked ? [...list, p] : list.filter((x) => x !== p)))}
              />{' '}
              {programLabel(p)}
            </label>
          ))}
        </fieldset>
      </div>
      <Button type="submit" disabled={issue.isPending || chosen.length === 0}>
        <span className={review.iconText}>
          <KeyRound size={16} aria-hidden="true" /> {issue.isPending ? 'Issuing...' : 'Issue codes'}
        </span>
      </Button>
      {issue.data && (
        <div role="status" style={{ marginTop: '1rem' }}>
          <p>
            {issue.data.codes.length} new code{issue.data.codes.length === 1 ? '' : 's'} (shown once):
          </p>
          <ul aria-label="New access codes" className={styles.list}>
            {issue.data.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => downloadCodes(issue.data.codes)}>
            <span className={review.iconText}>
              <Download size={16} aria-hidden="true" /> Download CSV
            </span>
          </Button>
        </div>
      )}
    </Form>
  );
}

export default function AccessCodesPage() {
  const { query, page, setPage, pageSize } = usePagedList('access-codes', (query) =>
    lmsApi.GET('/admin/access-codes', { params: { query } }),
  );
  return (
    <AdminLayout title="Access codes">
      <IssueForm />
      <QueryState
        query={query}
        error="Failed to load the access codes."
        empty="No access codes issued yet."
        isEmpty={(result) => result.data.accessCodes.length === 0}
      >
        {(result) => (
          <DataTable
            caption="Access codes"
            rows={result.data.accessCodes}
            rowKey={(c) => c.id}
            columns={[
              { header: 'Issued', cell: (c) => formatDateTime(c.created_at) },
              { header: 'Programs', cell: (c) => c.programs.map(programLabel).join(', ') },
              { header: 'Note', cell: (c) => c.note },
              { header: 'State', cell: (c) => stateText[c.state] },
              { header: 'Valid until', cell: (c) => (c.expires_at ? formatDateTime(c.expires_at) : 'No end') },
              {
                header: 'Redeemed by',
                cell: (c) =>
                  c.redeemed_by ? `${c.redeemed_by} (${c.redeemed_at ? formatDateTime(c.redeemed_at) : ''})` : '',
              },
            ]}
            footer={
              <Pagination
                label="Access code pages"
                page={page}
                pageSize={pageSize}
                total={result.total}
                onPageChange={setPage}
              />
            }
          />
        )}
      </QueryState>
    </AdminLayout>
  );
}
