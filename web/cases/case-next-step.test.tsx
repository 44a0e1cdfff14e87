import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CaseProgress, DocumentsSummary } from '../../contracts/cases.js';
import type { PublicConfig } from '../../contracts/platform.js';
import { publicConfigQuery } from '../lib/public-config.js';
import { loadScreenCatalogue, showLanguage } from './applicant-words.js';
import ar from './locales/screens/ar.js';
import { CaseNextStep } from './case-next-step.js';
import { ReadyToWork } from './ready-to-work.js';
import { readyWords } from './ready-to-work-words.js';
import { ServiceOutlook } from './service-outlook.js';

const DAY = 24 * 60 * 60_000;
const now = new Date('2026-11-27T09:00:00Z');

/** In the applicant's words, with the server's public settings already answered (as the first page gives them). */
function renderApplicant(ui: ReactNode, caseContact: PublicConfig['caseContact']) {
  const client = new QueryClient();
  client.setQueryData(publicConfigQuery().queryKey, { caseContact } as PublicConfig);
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>{ui}</Suspense>
    </QueryClientProvider>,
  );
}

const noContact = { phone: null, whatsapp: null, email: null };
const documents = (summary: Partial<DocumentsSummary> = {}): DocumentsSummary => ({
  required: 2,
  requiredAccepted: 2,
  missing: 0,
  rejected: 0,
  awaitingReview: 0,
  ...summary,
});
type ServiceProgress = CaseProgress['servicesSubscribed'][number];
const step = (name: string, status: ServiceProgress['steps'][number]['status']) => ({
  name,
  status,
  description: null,
  expected_days: 10,
  typicalDays: null,
  translations: {},
});
const service = (overrides: Partial<ServiceProgress>): ServiceProgress => ({
  serviceName: 'Work Visa',
  currentStep: 'Medical Fitness Examination',
  steps: [step('Employer Visa Request', 'completed'), step('Medical Fitness Examination', 'active')],
  lastUpdated: new Date(now.getTime() - 12 * DAY).toISOString(),
  currentStepSince: new Date(now.getTime() - 12 * DAY).toISOString(),
  estimatedCompletion: null,
  translations: {},
  delayed: false,
  remainingDays: null,
  ...overrides,
});

// The words of the screens after the tracker's form download as those screens first draw: here, before the first test.
beforeAll(async () => {
  await Promise.all([loadScreenCatalogue('en'), loadScreenCatalogue('ar')]);
});

afterEach(async () => {
  await showLanguage('en');
});

describe("the tracker's outlook for a service (issue 38)", () => {
  it('when the estimate is still ahead, then its date is shown', async () => {
    renderApplicant(
      <ServiceOutlook service={service({ estimatedCompletion: '2026-12-10T00:00:00Z' })} now={now} />,
      noContact,
    );
    expect((await screen.findByText('Estimated completion:')).textContent).toContain('Estimated completion:');
    expect(screen.getByText('December 10, 2026')).toBeTruthy();
  });

  it('when the step is overdue, or its estimate has passed, then it says the step takes longer than usual and shows no date', async () => {
    const delayedText =
      'This step is taking longer than usual. We are following it up and will tell you when it moves.';
    const overdue = renderApplicant(
      <ServiceOutlook service={service({ delayed: true, estimatedCompletion: '2026-12-10T00:00:00Z' })} now={now} />,
      noContact,
    );
    expect(await screen.findByText(delayedText)).toBeTruthy();
    expect(screen.queryByText('Estimated completion:')).toBeNull();
    overdue.unmount();

    // "23 November", seen on 27 November: never shown.
    renderApplicant(<ServiceOutlook service={service({ estimatedCompletion: '2026-11-23T00:00:00Z' })} now={now} />, {
      ...noContact,
    });
    expect(await screen.findByText(delayedText)).toBeTruthy();
    expect(screen.queryByText(/November 23/)).toBeNull();
  });

  it('when every step is done, then the service says it is complete, neither delayed nor estimated', async () => {
    renderApplicant(
      <ServiceOutlook
        service={service({
          currentStep: 'Visa Issued',
          steps: [step('Employer Visa Request', 'completed'), step('Visa Issued', 'completed')],
          delayed: true,
        })}
        now={now}
      />,
      noContact,
    );
    expect(await screen.findByText('This service is complete.')).toBeTruthy();
    expect(screen.queryByText(/longer than usual/)).toBeNull();
  });
});

describe("the tracker's next step and contact (issue 38)", () => {
  const contact = { phone: '+971 4 555 0100', whatsapp: '971501234567', email: 'cases@agency.example' };

  it('when the case is completed with nothing left to send or review, then it shows the finished state, and the contact', async () => {
    renderApplicant(
      <CaseNextStep
        status="Completed"
        owner={{ name: 'Fatima Al-Zahra' }}
        documents={documents()}
        sendFrom="tracker"
      />,
      contact,
    );
    const finished = await screen.findByRole('region', { name: 'Your case is complete' });
    expect(within(finished).getByText(/Every service of your case is finished/)).toBeTruthy();
    expect(within(finished).queryByText('Action needed')).toBeNull();
    expect(within(finished).getByText('Your case officer: Fatima Al-Zahra')).toBeTruthy();
    expect(within(finished).getByRole('link', { name: '+971 4 555 0100' }).getAttribute('href')).toBe(
      'tel:+97145550100',
    );
    expect(within(finished).getByRole('link', { name: '+971501234567' }).getAttribute('href')).toBe(
      'https://wa.me/971501234567',
    );
    expect(within(finished).getByRole('link', { name: 'cases@agency.example' }).getAttribute('href')).toBe(
      'mailto:cases@agency.example',
    );
  });

  it('when a completed case still has a document to send, then it is not shown as finished but as action needed', async () => {
    renderApplicant(
      <CaseNextStep
        status="Completed"
        owner={null}
        documents={documents({ requiredAccepted: 1, missing: 1 })}
        sendFrom="tracker"
      />,
      noContact,
    );
    expect(await screen.findByRole('region', { name: 'Action needed' })).toBeTruthy();
    expect(screen.queryByText('Your case is complete')).toBeNull();
  });

  it('when documents are missing, then the tracker asks the applicant to sign in to send them, and their case page (signed in) takes them to the checklist', async () => {
    const missing = documents({ requiredAccepted: 1, missing: 1 });
    const tracker = renderApplicant(
      <CaseNextStep status="In Progress" owner={null} documents={missing} sendFrom="tracker" />,
      noContact,
    );
    const onTracker = await screen.findByRole('link', { name: 'Sign in to send your documents' });
    expect(onTracker.getAttribute('href')).toBe('#send-documents');
    tracker.unmount();

    await showLanguage('ar');
    renderApplicant(
      <CaseNextStep status="In Progress" owner={null} documents={missing} sendFrom="case page" />,
      noContact,
    );
    const onCasePage = await screen.findByRole('link', { name: ar.progress.actionSend });
    expect(onCasePage.getAttribute('href')).toBe('#checklist-heading');
    expect(screen.queryByRole('link', { name: ar.progress.actionSignIn })).toBeNull();
  });

  it('when the page is in Arabic, then the finished state and the contact are in Arabic, the numbers left to right', async () => {
    await showLanguage('ar');
    renderApplicant(
      <CaseNextStep status="Completed" owner={{ name: 'فاطمة الزهراء' }} documents={documents()} sendFrom="tracker" />,
      contact,
    );
    const finished = await screen.findByRole('region', { name: ar.progress.finishedHeading });
    expect(within(finished).getByText(ar.progress.contactHeading)).toBeTruthy();
    expect(within(finished).getByRole('link', { name: '+971 4 555 0100' }).getAttribute('dir')).toBe('ltr');
  });
});

describe('the time left and the ready-to-work date (issue 41)', () => {
  it('when the step has figures from real cases, then its typical days and the time left given the days waited say how many cases they rest on', async () => {
    const measured = {
      ...step('Medical Fitness Examination', 'active'),
      typicalDays: { median: 5, p80: 9, cases: 42 },
    };
    renderApplicant(
      <ServiceOutlook
        service={service({
          steps: [step('Employer Visa Request', 'completed'), measured],
          remainingDays: { median: 2, p80: 6, cases: 42 },
        })}
        now={now}
      />,
      noContact,
    );
    expect(await screen.findByText('Most cases spend 5–9 days at this step. (based on 42 cases)')).toBeTruthy();
    expect(
      screen.getByText('Cases that have waited as long as yours usually need 2–6 more days here (based on 42 cases).'),
    ).toBeTruthy();
  });

  it('when the step is late, then the time left gives way to "we are following it up"', async () => {
    renderApplicant(
      <ServiceOutlook
        service={service({ delayed: true, remainingDays: { median: 2, p80: 6, cases: 42 } })}
        now={now}
      />,
      noContact,
    );
    expect(await screen.findByText(/We are following it up/)).toBeTruthy();
    expect(screen.queryByText(/more days here/)).toBeNull();
  });

  it('when the case has simulated dates, then the applicant reads them in Arabic with what they rest on', async () => {
    await showLanguage('ar');
    const estimate = {
      p50: '2026-12-10T00:00:00.000Z',
      p80: '2026-12-24T00:00:00.000Z',
      remainingSteps: 3,
      measuredSteps: 2,
      fewestCases: 42,
      draws: 2000,
    };
    renderApplicant(<ReadyToWork estimate={estimate} />, noContact);
    const ready = await screen.findByRole('region', { name: readyWords.ar.readyTitle });
    const day = (iso: string) =>
      new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
    const number = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(ready.textContent).toContain(
      readyWords.ar.readyBy.replace('{{p50}}', day(estimate.p50)).replace('{{p80}}', day(estimate.p80)),
    );
    expect(ready.textContent).toContain(
      readyWords.ar.readyBasis
        .replace('{{steps}}', number(3))
        .replace('{{measured}}', number(2))
        .replace('{{cases}}', number(42)),
    );
  });
});
