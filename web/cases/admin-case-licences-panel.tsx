import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExamResult, StaffLicence } from '../../contracts/case-licences.js';
import type { LearnerReadinessSummary } from '../../contracts/person-links.js';
import { formatDateTime } from '../lib/format.js';
import { errorMessage, fieldError } from '../lib/http.js';
import { usePublicConfig } from '../lib/public-config.js';
import { Button } from '../ui/button.js';
import { SelectField, TextareaField, TextField } from '../ui/field.js';
import { FormDialog } from '../ui/form-dialog.js';
import { formValues } from '../ui/form.js';
import { QueryState } from '../ui/query-state.js';
import {
  caseExamResultsQuery,
  caseLearnerReadinessQuery,
  caseLicencesQuery,
  useRecordExamResult,
  useRecordLicence,
  useRevokeLicence,
} from './admin-licences-api.js';
import styles from './admin-case-details-page.module.css';
import pageStyles from './admin-pages.module.css';

/*
 * Staff's licence screens on the case page (issue 41): the licences the case produced, recorded
 * from the configured authorities (LICENCE_AUTHORITIES), each issued as a credential with a public
 * verify page and revocable with a reason; and the real licensing exam results the candidate reports.
 * A case has a handful of each at most, so the lists are not paged.
 */

const LICENCE_FIELDS = ['authority', 'licenceType', 'licenceNumber', 'issuedOn', 'expiresOn'] as const;
const EXAM_FIELDS = ['authority', 'takenOn', 'passed', 'score'] as const;

const dateText = (isoDate: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

const statusText: Record<StaffLicence['status'], string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' };

/** The authorities staff choose from: the server's configured list, read once with the rest of its settings. */
function AuthorityField({ error }: { error: string | undefined }) {
  const config = usePublicConfig();
  const authorities = config.data?.licenceAuthorities ?? [];
  return (
    <SelectField label="Authority" name="authority" required defaultValue="" error={error}>
      <option value="" disabled>
        {config.isPending ? 'Loading authorities...' : config.isError ? 'Could not load the authorities' : 'Choose'}
      </option>
      {authorities.map((authority) => (
        <option key={authority} value={authority}>
          {authority}
        </option>
      ))}
    </SelectField>
  );
}

export function CaseLicencesPanel({ caseId }: { caseId: number }) {
  const licences = useQuery(caseLicencesQuery(caseId));
  const record = useRecordLicence(caseId);
  const [recording, setRecording] = useState(false);
  const [revoking, setRevoking] = useState<StaffLicence | null>(null);
  const recordFieldError = fieldError(record.error, LICENCE_FIELDS);
  const errorOf = (field: (typeof LICENCE_FIELDS)[number]) =>
    recordFieldError?.field === field ? recordFieldError.message : undefined;

  return (
    <section className={pageStyles.card} aria-labelledby="licences-heading">
      <h2 id="licences-heading" className={pageStyles.cardTitle}>
        Licences
      </h2>
      <p className={pageStyles.muted}>
        The licences this case produced. Each is issued as a signed credential with a public verify page; the applicant
        chooses whether to show it on their network profile.
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          record.reset();
          setRecording(true);
        }}
      >
        Record a licence
      </Button>
      <QueryState
        query={licences}
        loading="Loading licences..."
        error={(failure) => errorMessage(failure, 'Could not load the licences.')}
        empty="No licences recorded yet."
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <ul className={styles.licences} aria-label="Recorded licences">
            {data.map((licence) => (
              <LicenceRow key={licence.id} licence={licence} onRevoke={() => setRevoking(licence)} />
            ))}
          </ul>
        )}
      </QueryState>

      <FormDialog
        title="Record a licence"
        open={recording}
        onClose={() => setRecording(false)}
        submitLabel="Record licence"
        pendingLabel="Recording..."
        busy={record.isPending}
        error={record.isError && !recordFieldError ? errorMessage(record.error, 'Could not record the licence.') : null}
        onSubmit={(form) => {
          const values = formValues(form, LICENCE_FIELDS);
          record.mutate(
            {
              authority: values.authority,
              licenceType: values.licenceType,
              licenceNumber: values.licenceNumber,
              issuedOn: values.issuedOn,
              expiresOn: values.expiresOn,
            },
            { onSuccess: () => setRecording(false) },
          );
        }}
      >
        <AuthorityField error={errorOf('authority')} />
        <TextField
          label="Licence type"
          name="licenceType"
          required
          maxLength={120}
          placeholder="Registered Nurse"
          error={errorOf('licenceType')}
        />
        <TextField
          label="Licence number"
          name="licenceNumber"
          required
          maxLength={60}
          dir="auto"
          error={errorOf('licenceNumber')}
        />
        <div className={pageStyles.inlineForm}>
          <TextField label="Issued on" name="issuedOn" type="date" required error={errorOf('issuedOn')} />
          <TextField label="Expires on" name="expiresOn" type="date" required error={errorOf('expiresOn')} />
        </div>
      </FormDialog>

      <RevokeLicenceDialog caseId={caseId} licence={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

function LicenceRow({ licence, onRevoke }: { licence: StaffLicence; onRevoke: () => void }) {
  const name = `${licence.authority} ${licence.licenceType}`;
  return (
    <li aria-label={name} className={styles.licence}>
      <p className={styles.timelineWhat}>
        <strong dir="auto">{name}</strong> · <span dir="auto">No. {licence.licenceNumber}</span> ·{' '}
        <span className={styles[`licence_${licence.status}`]}>{statusText[licence.status]}</span>
      </p>
      <p className={pageStyles.muted}>
        Issued {dateText(licence.issuedOn)} · expires {dateText(licence.expiresOn)}
        {licence.shownOnProfile && ' · shown on the applicant’s network profile'}
      </p>
      {licence.status === 'revoked' ? (
        <p className={pageStyles.muted} dir="auto">
          Revoked{licence.revokedAt ? ` on ${dateText(licence.revokedAt.slice(0, 10))}` : ''}: {licence.revokedReason}
        </p>
      ) : (
        <p className={styles.licenceActions}>
          <a href={licence.verifyUrl} target="_blank" rel="noopener noreferrer">
            Verify page
          </a>
          <Button variant="secondary" size="small" onClick={onRevoke} aria-label={`Revoke ${name}`}>
            Revoke…
          </Button>
        </p>
      )}
    </li>
  );
}

function RevokeLicenceDialog({
  caseId,
  licence,
  onClose,
}: {
  caseId: number;
  licence: StaffLicence | null;
  onClose: () => void;
}) {
  const revoke = useRevokeLicence(caseId);
  const [reason, setReason] = useState('');
  const reasonError = fieldError(revoke.error, ['reason']);
  const close = () => {
    revoke.reset();
    setReason('');
    onClose();
  };
  return (
    <FormDialog
      title="Revoke licence"
      open={licence !== null}
      onClose={close}
      submitLabel="Revoke licence"
      pendingLabel="Revoking..."
      busy={revoke.isPending}
      error={revoke.isError && !reasonError ? errorMessage(revoke.error, 'Could not revoke the licence.') : null}
      onSubmit={() => {
        if (licence) revoke.mutate({ licenceId: licence.id, reason }, { onSuccess: close });
      }}
    >
      {licence && (
        <p>
          Revoke <strong dir="auto">{`${licence.authority} ${licence.licenceType}`}</strong> for good? Its verify page
          will say “revoked”, its credential is no longer served and it leaves the applicant’s profile.
        </p>
      )}
      <TextareaField
        label="Reason"
        name="reason"
        required
        maxLength={500}
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError?.message}
      />
    </FormDialog>
  );
}

/** The real licensing exam results the candidate reported, newest first: kept to calibrate the LMS's estimates. */
export function CaseExamResultsPanel({ caseId }: { caseId: number }) {
  const results = useQuery(caseExamResultsQuery(caseId));
  const record = useRecordExamResult(caseId);
  const [recording, setRecording] = useState(false);
  const recordFieldError = fieldError(record.error, EXAM_FIELDS);
  const errorOf = (field: (typeof EXAM_FIELDS)[number]) =>
    recordFieldError?.field === field ? recordFieldError.message : undefined;

  return (
    <section className={pageStyles.card} aria-labelledby="exam-results-heading">
      <h2 id="exam-results-heading" className={pageStyles.cardTitle}>
        Licensing Exam Results
      </h2>
      <p className={pageStyles.muted}>The results the candidate reported from the real licensing exam.</p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          record.reset();
          setRecording(true);
        }}
      >
        Record an exam result
      </Button>
      <QueryState
        query={results}
        loading="Loading exam results..."
        error={(failure) => errorMessage(failure, 'Could not load the exam results.')}
        empty="No exam results recorded yet."
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <ul className={styles.licences} aria-label="Reported exam results">
            {data.map((result) => (
              <ExamResultRow key={result.id} result={result} />
            ))}
          </ul>
        )}
      </QueryState>

      <FormDialog
        title="Record an exam result"
        open={recording}
        onClose={() => setRecording(false)}
        submitLabel="Record result"
        pendingLabel="Recording..."
        busy={record.isPending}
        error={
          record.isError && !recordFieldError ? errorMessage(record.error, 'Could not record the exam result.') : null
        }
        onSubmit={(form) => {
          const values = formValues(form, EXAM_FIELDS);
          record.mutate(
            {
              authority: values.authority,
              takenOn: values.takenOn,
              passed: values.passed === 'passed',
              score: values.score.trim() === '' ? null : Number(values.score),
            },
            { onSuccess: () => setRecording(false) },
          );
        }}
      >
        <AuthorityField error={errorOf('authority')} />
        <TextField label="Taken on" name="takenOn" type="date" required error={errorOf('takenOn')} />
        <SelectField label="Result" name="passed" required defaultValue="" error={errorOf('passed')}>
          <option value="" disabled>
            Choose
          </option>
          <option value="passed">Passed</option>
          <option value="failed">Failed</option>
        </SelectField>
        <TextField
          label="Score (optional)"
          name="score"
          type="number"
          inputMode="decimal"
          min={0}
          max={1000}
          step="any"
          hint="Leave empty when the candidate does not know it."
          error={errorOf('score')}
        />
      </FormDialog>
    </section>
  );
}

function ExamResultRow({ result }: { result: ExamResult }) {
  return (
    <li className={styles.licence}>
      <p className={styles.timelineWhat}>
        <strong>{result.authority}</strong> · {dateText(result.takenOn)} ·{' '}
        <span className={result.passed ? styles.licence_valid : styles.licence_revoked}>
          {result.passed ? 'Passed' : 'Failed'}
        </span>
        {result.score !== null && ` · score ${result.score}`}
      </p>
    </li>
  );
}

/**
 * The readiness of the learning account linked with the case (issue 41), only when its applicant
 * allowed staff to see it: the LMS's chance of passing, the latest exam results and their dates.
 */
export function CaseLearnerReadinessPanel({ caseId }: { caseId: number }) {
  const readiness = useQuery(caseLearnerReadinessQuery(caseId));
  return (
    <section className={pageStyles.card} aria-labelledby="learner-readiness-heading">
      <h2 id="learner-readiness-heading" className={pageStyles.cardTitle}>
        Exam Readiness
      </h2>
      <QueryState
        query={readiness}
        loading="Loading exam readiness..."
        error={(failure) => errorMessage(failure, 'Could not load the exam readiness.')}
        empty={
          readiness.data?.shared
            ? 'No learning account is linked with this case.'
            : 'The applicant has not shared their exam readiness. They can turn it on from their case page.'
        }
        isEmpty={(data) => data.learners.length === 0}
      >
        {(data) => (
          <ul className={styles.licences} aria-label="Linked learners' readiness">
            {data.learners.map((learner) => (
              <LearnerReadinessRow key={learner.username} learner={learner} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function LearnerReadinessRow({ learner }: { learner: LearnerReadinessSummary }) {
  return (
    <li aria-label={learner.username} className={styles.licence}>
      <p className={styles.timelineWhat}>
        <strong dir="auto">{learner.username}</strong> · {learner.profession} ·{' '}
        {learner.passChance === null
          ? `no pass estimate yet (${learner.answers} practice answers)`
          : `${Math.round(learner.passChance * 100)}% chance of passing today (from ${learner.answers} practice answers)`}
      </p>
      {learner.latestResults.length === 0 ? (
        <p className={pageStyles.muted}>No finished exams yet.</p>
      ) : (
        <ul className={pageStyles.muted}>
          {learner.latestResults.map((result) => (
            <li key={result.finishedAt}>
              <time dateTime={result.finishedAt}>{formatDateTime(result.finishedAt)}</time>: {result.correct} of{' '}
              {result.questions} correct
              {result.questions > 0 && ` (${Math.round((result.correct * 100) / result.questions)}%)`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
