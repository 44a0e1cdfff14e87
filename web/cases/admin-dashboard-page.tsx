import { Link } from '../lib/routing.js';
import type { CasesOverview } from '../../contracts/cases.js';
import { formatDateTime } from '../lib/format.js';
import { errorMessage } from '../lib/http.js';
import { DataTable } from '../ui/data-table.js';
import { DoughnutChart } from '../ui/doughnut-chart.js';
import { QueryState } from '../ui/query-state.js';
import { EmptyState } from '../ui/states.js';
import { useCasesOverview, useDashboardMetrics } from './admin-api.js';
import styles from './admin-dashboard-page.module.css';
import pageStyles from './admin-pages.module.css';
import { CaseStatusBadge } from './case-status-badge.js';

export default function AdminDashboardPage() {
  const metrics = useDashboardMetrics();
  const overview = useCasesOverview();
  return (
    <>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Admin Dashboard</h1>
      </div>

      <section aria-label="Case counters" className={styles.counters}>
        <QueryState
          query={metrics}
          loading="Loading counters..."
          error={(failure) => errorMessage(failure, 'Could not load the dashboard.')}
        >
          {(data) => (
            <>
              {/* Each count opens the list it counts (issue 38). */}
              <Counter label="Total Cases" value={data.totalCases} to="/caseadmin/manage-cases" />
              <Counter
                label="Under Review"
                value={data.pendingCases}
                to="/caseadmin/manage-cases?status=Under+Review"
              />
              <Counter label="In Progress" value={data.activeCases} to="/caseadmin/manage-cases?status=In+Progress" />
              <Counter label="Overdue Cases" value={data.overdueCases} to="/caseadmin/manage-cases?overdue=true" />
              <Counter label="Documents to Review" value={data.documentsToReview} to="/caseadmin/documents" />
              <Counter label="My Open Cases" value={data.myOpenCases} to="/caseadmin/manage-cases?owner=me" />
            </>
          )}
        </QueryState>
      </section>

      {/* Issue 41: each case noticed once when it waited at a step longer than 8 in 10 cases there. */}
      <section className={pageStyles.card} aria-labelledby="late-steps-heading">
        <h2 id="late-steps-heading" className={pageStyles.cardTitle}>
          Waiting Longer Than Usual
        </h2>
        <QueryState
          query={metrics}
          error="Could not load the cases waiting longer than usual."
          empty="No case of yours is waiting longer than usual."
          isEmpty={(data) => data.lateSteps.length === 0}
        >
          {(data) => (
            <>
              <ul className={styles.recentList}>
                {data.lateSteps.map((item) => (
                  <li key={`${item.caseId}-${item.stepName}-${item.serviceName}`}>
                    <span>
                      <Link to={`/caseadmin/details/${item.caseId}`}>{item.caseNumber}</Link>
                      {': '}
                      <bdi>{item.serviceName}</bdi> → <bdi>{item.stepName}</bdi>
                      {item.cases > 0
                        ? `, longer than 8 in 10 of ${item.cases} cases (${item.lateAfterDays} days)`
                        : `, past its expected ${item.lateAfterDays} days`}
                    </span>
                    <span className={pageStyles.muted}>since {formatDateTime(item.waitingSince)}</span>
                  </li>
                ))}
              </ul>
              <p className={pageStyles.muted}>
                <Link to="/caseadmin/manage-cases?overdue=true">Every overdue case</Link>
              </p>
            </>
          )}
        </QueryState>
      </section>

      <div className={styles.grid}>
        <section className={pageStyles.card} aria-labelledby="chart-heading">
          <h2 id="chart-heading" className={pageStyles.cardTitle}>
            Cases by Status
          </h2>
          <QueryState
            query={overview}
            loading="Loading chart..."
            error={(failure) => errorMessage(failure, 'Could not load the chart.')}
          >
            {(data) => <StatusChart stats={data.stats} />}
          </QueryState>
        </section>

        <section className={pageStyles.card} aria-labelledby="recently-updated-heading">
          <h2 id="recently-updated-heading" className={pageStyles.cardTitle}>
            Recently Updated Cases
          </h2>
          <QueryState
            query={metrics}
            error="Could not load recently updated cases."
            empty="No cases yet."
            isEmpty={(data) => data.recentCases.length === 0}
          >
            {(data) => (
              <ul className={styles.recentList}>
                {data.recentCases.map((item) => (
                  <li key={item.id}>
                    <Link to={`/caseadmin/details/${item.id}`}>{item.case_number}</Link>
                    <span className={pageStyles.muted}>{formatDateTime(item.updatedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>

      <section className={pageStyles.card} aria-labelledby="recent-cases-heading">
        <h2 id="recent-cases-heading" className={pageStyles.cardTitle}>
          Recent Cases
        </h2>
        <QueryState
          query={overview}
          error="Could not load recent cases."
          empty="No cases yet."
          isEmpty={(data) => data.recentCases.length === 0}
        >
          {(data) => (
            <DataTable
              caption="Recent Cases"
              rows={data.recentCases}
              rowKey={(item) => item.id}
              columns={[
                // The spec's column name; it shows the case number, never the database id.
                // Fixed widths, as on Case Management: a long number or name cannot turn the list into cards.
                {
                  header: 'Case ID',
                  identifier: true,
                  width: 'calc(24.5ch + 1rem)',
                  cell: (item) => <Link to={`/caseadmin/details/${item.id}`}>{item.caseNumber}</Link>,
                },
                {
                  header: 'Client Name',
                  fill: true,
                  width: '8rem',
                  maxLines: 2,
                  cell: (item) => <bdi>{item.clientName}</bdi>,
                },
                { header: 'Status', width: '8.5rem', cell: (item) => <CaseStatusBadge status={item.status} /> },
                {
                  header: 'Last Updated',
                  width: '11rem',
                  cell: (item) => formatDateTime(item.lastUpdated),
                },
              ]}
            />
          )}
        </QueryState>
      </section>
    </>
  );
}

/** `to`: the list of the cases counted (the Overdue count opens Case Management filtered to them). */
function Counter({ label, value, to }: { label: string; value: number; to?: string }) {
  const content = (
    <>
      <span className={styles.counterLabel}>{label}</span>
      <span className={styles.counterValue}>{value}</span>
    </>
  );
  return to ? (
    <Link className={`${styles.counter} ${styles.counterLink}`} to={to}>
      {content}
    </Link>
  ) : (
    <div className={styles.counter}>{content}</div>
  );
}

function StatusChart({ stats }: { stats: CasesOverview['stats'] }) {
  if (stats.active + stats.completed + stats.pending === 0) return <EmptyState>No cases to chart yet.</EmptyState>;
  // The statuses' own words and colours, as on the badges and in the filter (the API's field names
  // are older); the spec's colours: active green, completed blue, pending red.
  return (
    <DoughnutChart
      label="Cases by status"
      segments={[
        { label: 'Under Review', value: stats.pending, colour: 'var(--status-under-review)' },
        { label: 'In Progress', value: stats.active, colour: 'var(--status-in-progress)' },
        { label: 'Completed', value: stats.completed, colour: 'var(--status-completed)' },
      ]}
    />
  );
}
