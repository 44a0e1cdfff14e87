import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Link } from '../lib/routing.js';
import type { CreateCaseBody } from '../../contracts/cases.js';
import { ApiError, errorMessage, fieldError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { SelectField, TextField } from '../ui/field.js';
import { Form } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { samePassportQuery, useServices } from './admin-api.js';
import styles from './admin-pages.module.css';
import { OwnerField, ownerIdOf, type OwnerChoice } from './admin-owner-field.js';
import { ServiceChecklist } from './admin-service-checklist.js';

type Props = {
  /** The management modal asks for a case number; the Create New Case page lets the server choose one. */
  withCaseNumber: boolean;
  submitLabel: string;
  busy: boolean;
  /** The failed create call, if any: a validation error is shown next to its field, anything else above the form. */
  failure: unknown;
  onSubmit: (body: CreateCaseBody) => void;
  extraActions?: ReactNode;
};

/** The request fields this form has a place for; the server's sentence about one shows next to it. */
const formFields = [
  'case_number',
  'passport_number',
  'client_name',
  'client_email',
  'serviceIds',
  'ownerId',
  'applicant_language',
] as const;

/** The languages an applicant reads their screens and emails in, each named in itself too. */
export const applicantLanguageOptions = [
  { value: 'en', label: 'English' },
  { value: 'ar', label: 'Arabic (العربية)' },
  { value: 'hi', label: 'Hindi (हिन्दी)' },
] as const;
export type ApplicantLanguageChoice = (typeof applicantLanguageOptions)[number]['value'];

/** The applicant's language: their first email is written in it (issue 38). */
export function ApplicantLanguageField({
  value,
  onChange,
  error,
}: {
  value: ApplicantLanguageChoice;
  onChange: (value: ApplicantLanguageChoice) => void;
  error?: string | null;
}) {
  return (
    <SelectField
      label="Applicant's language"
      name="applicant_language"
      value={value}
      onChange={(event) => onChange(event.target.value as ApplicantLanguageChoice)}
      hint="Their emails and case page are written in it."
      error={error}
    >
      {applicantLanguageOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

/** A case follows at least one service; none is chosen for the admin (ids differ between installs). */
export const NO_SERVICE_CHOSEN = 'Choose at least one service.';

/**
 * The new-case form. It sends what was typed: the server's checks and messages are the ones shown,
 * but for the services, which it asks for before sending.
 */
export function CaseForm({ withCaseNumber, submitLabel, busy, failure, onSubmit, extraActions }: Props) {
  const services = useServices();
  const [caseNumber, setCaseNumber] = useState('');
  const [passportNumber, setPassportNumber] = useState('');
  const [clientName, setClientName] = useState('');
  const [clientEmail, setClientEmail] = useState('');
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [servicesError, setServicesError] = useState<string | null>(null);
  const [owner, setOwner] = useState<OwnerChoice>('');
  const [language, setLanguage] = useState<ApplicantLanguageChoice>('en');
  // Another case with this passport number: said, with a link, and allowed only on purpose (issue 38).
  const [checkedPassport, setCheckedPassport] = useState('');
  const samePassport = useQuery(samePassportQuery(checkedPassport));
  const duplicates = checkedPassport === passportNumber.trim() ? (samePassport.data ?? []) : [];
  const [secondCase, setSecondCase] = useState(false);
  const [duplicateError, setDuplicateError] = useState<string | null>(null);

  function chooseServices(ids: number[]) {
    setServiceIds(ids);
    if (ids.length > 0) setServicesError(null);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // A service deleted since the list loaded is not offered, so it is not sent either.
    const offered = serviceIds.filter((id) => services.data?.some((service) => service.id === id));
    if (offered.length === 0) {
      setServicesError(NO_SERVICE_CHOSEN);
      return;
    }
    if (duplicates.length > 0 && !secondCase) {
      setDuplicateError('Tick the box to create a second case for this passport number, or open the existing case.');
      return;
    }
    onSubmit({
      ...(withCaseNumber ? { case_number: caseNumber } : {}),
      passport_number: passportNumber,
      client_name: clientName,
      client_email: clientEmail,
      serviceIds: offered,
      applicant_language: language,
      ...(ownerIdOf(owner) !== undefined ? { ownerId: ownerIdOf(owner) } : {}),
    });
  }

  const invalid = fieldError(failure, formFields);
  const messageFor = (field: (typeof formFields)[number]) => (invalid?.field === field ? invalid.message : null);
  const formError = failure && !invalid ? errorMessage(failure, 'Could not create the case. Please try again.') : null;

  return (
    <Form onSubmit={submit}>
      <FormError message={invalid?.field === 'serviceIds' ? invalid.message : formError} />
      {withCaseNumber && (
        <TextField
          label="Case Number"
          name="case_number"
          autoComplete="off"
          value={caseNumber}
          onChange={(event) => setCaseNumber(event.target.value)}
          hint={
            // A 409 about the number: it is an existing case's, or one the tracker could not tell from
            // it (decision 048); the list's search ignores dashes, so it finds that case as typed.
            failure instanceof ApiError && failure.status === 409 && failure.field === 'case_number' ? (
              <Link to={`/caseadmin/manage-cases?q=${encodeURIComponent(caseNumber.trim())}`}>
                Find the existing case
              </Link>
            ) : (
              'Leave empty to have one generated.'
            )
          }
          error={messageFor('case_number')}
        />
      )}
      <TextField
        label="Passport Number"
        name="passport_number"
        autoComplete="off"
        required
        maxLength={64}
        value={passportNumber}
        onChange={(event) => setPassportNumber(event.target.value)}
        onBlur={() => setCheckedPassport(passportNumber.trim())}
        error={messageFor('passport_number')}
      />
      {duplicates.length > 0 && (
        <div role="alert" className={styles.refusal}>
          <p>
            {duplicates.length === 1 ? 'Another case has' : `${duplicates.length} cases have`} this passport number:{' '}
            {duplicates.map((item, index) => (
              <span key={item.id}>
                {index > 0 && ', '}
                <Link to={`/caseadmin/details/${item.id}`}>
                  {item.case_number} (<bdi>{item.client_name}</bdi>, {item.status})
                </Link>
              </span>
            ))}
            .
          </p>
          <label className={styles.filterCheck}>
            <input
              type="checkbox"
              checked={secondCase}
              onChange={(event) => {
                setSecondCase(event.target.checked);
                if (event.target.checked) setDuplicateError(null);
              }}
            />
            Create a second case for this passport number
          </label>
          <FormError message={duplicateError} />
        </div>
      )}
      <TextField
        label="Client Name"
        name="client_name"
        autoComplete="off"
        required
        maxLength={200}
        value={clientName}
        onChange={(event) => setClientName(event.target.value)}
        error={messageFor('client_name')}
      />
      <TextField
        label="Applicant Email (optional)"
        name="client_email"
        type="email"
        autoComplete="off"
        value={clientEmail}
        onChange={(event) => setClientEmail(event.target.value)}
        hint="The applicant is emailed when a step changes."
        error={messageFor('client_email')}
      />
      <ApplicantLanguageField value={language} onChange={setLanguage} error={messageFor('applicant_language')} />
      <OwnerField value={owner} onChange={setOwner} defaultLabel="Me" error={messageFor('ownerId')} />
      <ServiceChecklist selected={serviceIds} onChange={chooseServices} disabled={busy} error={servicesError} />
      <div className={styles.formActions}>
        {extraActions}
        <Button type="submit" disabled={busy || services.isPending}>
          {busy ? 'Creating...' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
