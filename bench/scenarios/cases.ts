import type pg from 'pg';
import { setInitialCaseStatuses } from '../../server/cases/case-status.js';
import type { Database } from '../../server/db/client.js';
import { atFullSize, type BenchArea, type Scenario } from '../harness.js';

export const CASES = atFullSize(200_000, 20_000, 5_000);
export const caseNumber = (n: number) => `BENCH-${String(n).padStart(6, '0')}`;
export const passport = (n: number) => `P${1_000_000 + n}`;

const FIRST_NAMES = [
  'Amína',
  'Zoë',
  'José',
  'Chloé',
  'Renée',
  'Søren',
  'Łukasz',
  'Ömer',
  'Nuño',
  'Inès',
  'Karim',
  'Fatima',
  'Grace',
  'Tunde',
  'Priya',
  'Ravi',
  'Mei',
  'Hana',
  'Olga',
  'Ivan',
  'Sara',
  'Leila',
  'Omar',
  'Nadia',
  'Yusuf',
  'Elif',
  'Aylin',
  'Joy',
  'Musa',
  'Ada',
  'Kofi',
  'Ama',
  'Chidi',
  'Ngozi',
  'Ines',
  'Pedro',
  'Lucía',
  'Mateo',
  'Noor',
  'Hiba',
  'Sami',
  'Lina',
  'Ali',
  'Maya',
  'Ana',
  'Ben',
  'Eva',
  'Tom',
  'Lea',
  'Max',
];
const LAST_NAMES = [
  'Okafor',
  'Müller',
  'García',
  'Nowak',
  'Yılmaz',
  'Haddad',
  'Mensah',
  'Adeyemi',
  'Kowalski',
  'Fernández',
  'Søndergaard',
  'Dubois',
  'Rossi',
  'Silva',
  'Costa',
  'Khan',
  'Patel',
  'Singh',
  'Chen',
  'Wang',
  'Kim',
  'Park',
  'Nguyen',
  'Tran',
  'Ivanova',
  'Petrov',
  'Hansen',
  'Larsen',
  'Berg',
  'Holm',
  'Novák',
  'Horváth',
  'Popescu',
  'Öztürk',
  'Aydın',
  'Begum',
  'Rahman',
  'Osei',
  'Boateng',
  'Diallo',
];

/**
 * The cases and their services in a few set-based statements, on one connection. The list's
 * secondary indexes on cases (four trigram and word GIN indexes kept without a pending list, and a
 * dozen b-trees) are dropped first and made again at the end: maintained row by row through the
 * insert and the status update (every case's row written twice), they made the load take 38
 * minutes at 200,000 cases on the shared machine; built once over the loaded rows, they take
 * seconds. The constraints' indexes (the id, the unique case number) stay.
 */
async function seed(pool: pg.Pool, db: Database): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = current_schema() AND tablename = 'cases'
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'cases'::regclass)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${client.escapeIdentifier(index.name)}`);
    // Names as staff type them, many with accents: 2,000 first and last name pairs, so one full name
    // matches a hundred cases at full size; every other case has an email.
    await client.query(
      `INSERT INTO cases (case_number, passport_number, client_name, client_email, created_at, updated_at)
       SELECT 'BENCH-' || lpad(g::text, 6, '0'), 'P' || (1000000 + g),
              ($2::text[])[1 + g % 50] || ' ' || ($3::text[])[1 + (g / 50) % 40],
              CASE WHEN g % 2 = 0 THEN 'client' || g || '@example.test' END,
              now() - make_interval(mins => g), now() - make_interval(mins => g)
       FROM generate_series(1, $1::int) g`,
      [CASES, FIRST_NAMES, LAST_NAMES],
    );
    // Each case at the first, second or third step of both services (by its id), found by a join
    // rather than a lookup per row.
    await client.query(
      `INSERT INTO case_services (case_id, service_id, current_step_id, last_updated)
       SELECT c.id, st.service_id, st.id, now()
       FROM cases c
       JOIN (SELECT id, service_id, row_number() OVER (PARTITION BY service_id ORDER BY sequence) - 1 AS position
             FROM steps WHERE service_id IN (1, 2)) st
         ON st.position = c.id % 3`,
    );
    // Every case has both services, so one pass over the cases of service 1 sets every status (the
    // app's own rule and stored search facts, case-status.ts).
    await setInitialCaseStatuses(db, { serviceId: 1 });
    for (const index of indexes) await client.query(index.definition);
  } finally {
    client.release();
  }
}

let lookupCounter = 0;

export const casesBench: BenchArea = {
  name: 'cases',
  seed,
  scenarios: (ctx): Scenario[] => [
    {
      name: 'cases: public case lookup',
      target: 'app',
      baseline: true,
      goal: 0.9,
      setupPath: () => {
        const n = (lookupCounter++ % CASES) + 1;
        return `/api/progress?caseNumber=${caseNumber(n)}&passportNumber=${passport(n)}`;
      },
    },
    {
      name: 'cases: admin list, status filter + search, sorted',
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: { authorization: `Bearer ${ctx.caseAdminToken}` },
      // Matches a twentieth of all cases, half of them of this status.
      path: '/api/caseadmin/cases?search=BENCH-01&status=In%20Progress&sortBy=case_number&order=ASC&page=2',
    },
    {
      name: 'cases: admin list, broad search (every case matches), newest first',
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: { authorization: `Bearer ${ctx.caseAdminToken}` },
      // The worst case for the count and the sort: every case matches.
      path: '/api/caseadmin/cases?search=bench&page=3',
    },
    {
      name: 'cases: admin list, search for part of one number',
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: { authorization: `Bearer ${ctx.caseAdminToken}` },
      path: '/api/caseadmin/cases?search=01234',
    },
    {
      name: 'cases: admin list, search by client name (accents ignored)',
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: { authorization: `Bearer ${ctx.caseAdminToken}` },
      // "Amína Okafor" typed as staff type it: a hundred cases at full size, found through the folded-text trigram index.
      path: '/api/caseadmin/cases?search=amina%20okaf&sortBy=createdAt&order=DESC',
    },
    {
      name: 'cases: admin list, status filter, by passport number',
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: { authorization: `Bearer ${ctx.caseAdminToken}` },
      path: '/api/caseadmin/cases?status=Under%20Review&sortBy=passport_number&order=DESC&page=50',
    },
    {
      name: 'cases: admin sign-in (argon2id)',
      target: 'app',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ctx.caseAdmin),
      path: '/api/caseadmin/login',
      connections: 4,
    },
  ],
};
