import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseService } from '../../contracts/cases.js';
import { CurrentSteps } from './current-steps.js';

let nextId = 1;
const service = (name: string, step: string | null, facts: Partial<CaseService> = {}): CaseService => {
  const id = nextId++;
  return {
    id,
    service_id: id,
    current_step: step,
    current_step_id: step === null ? null : id,
    last_updated: '2026-11-27T09:00:00.000Z',
    Service: { id, name },
    on_last_step: false,
    days_at_step: 3,
    overdue_days: null,
    ...facts,
  };
};

/** Each service's line as its text reads (what a screen reader says, what a copy takes) and its tooltip. */
const lines = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => ({ text: item.textContent, title: item.title }));

describe("the desk's line per service (issue 38)", () => {
  it("when a service is overdue, then its line names the service, its step and by how much, in the issue's words", () => {
    render(
      <CurrentSteps
        services={[
          service('Work Visa', 'Employer Visa Request', { days_at_step: 44, overdue_days: 30 }),
          service('Document Attestation', 'Embassy Attestation', { days_at_step: 1, overdue_days: 1 }),
          service('Medical Fitness Examination', 'Blood Test', { days_at_step: 5, overdue_days: 0 }),
        ]}
      />,
    );
    expect(lines()).toEqual([
      {
        text: 'Work Visa · Employer Visa Request · 30 days over',
        title: 'Work Visa · Employer Visa Request · 30 days over',
      },
      {
        text: 'Document Attestation · Embassy Attestation · 1 day over',
        title: 'Document Attestation · Embassy Attestation · 1 day over',
      },
      {
        text: 'Medical Fitness Examination · Blood Test · less than a day over',
        title: 'Medical Fitness Examination · Blood Test · less than a day over',
      },
    ]);
  });

  it('when services wait within their usual time, are done or not started, then each line names the service and where it is, and the tooltip adds the wait', () => {
    render(
      <CurrentSteps
        services={[
          service('Health Authority Professional License (DHA / DOH / MOH)', 'Primary Source Verification (DataFlow)', {
            days_at_step: 12,
          }),
          service('Recruitment and Job Offer', 'Offer Letter Signed', {
            on_last_step: true,
            days_at_step: null,
          }),
          service('توثيق الشهادات', null, { days_at_step: null }),
        ]}
      />,
    );
    expect(lines()).toEqual([
      {
        text: 'Health Authority Professional License (DHA / DOH / MOH) · Primary Source Verification (DataFlow)',
        title:
          'Health Authority Professional License (DHA / DOH / MOH) · Primary Source Verification (DataFlow) · 12 days',
      },
      {
        text: 'Recruitment and Job Offer · Offer Letter Signed',
        title: 'Recruitment and Job Offer · Offer Letter Signed · done',
      },
      { text: 'توثيق الشهادات · Not started', title: 'توثيق الشهادات · Not started' },
    ]);
  });

  it('when a case has no services, then it says so', () => {
    render(<CurrentSteps services={[]} />);
    expect(screen.getByText('No services')).toBeTruthy();
  });
});
