// Baseline: node:http + pg answering the case lookup with one hand-written query.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const query = `
  SELECT c.case_number, c.passport_number, c.status,
    coalesce(json_agg(json_build_object('serviceName', s.name, 'currentStep', st.name, 'lastUpdated', cs.last_updated)
      ORDER BY cs.id) FILTER (WHERE cs.id IS NOT NULL), '[]') AS services
  FROM cases c
  LEFT JOIN case_services cs ON cs.case_id = c.id
  LEFT JOIN services s ON s.id = cs.service_id
  LEFT JOIN steps st ON st.id = cs.current_step_id
  WHERE c.case_number = $1
  GROUP BY c.id`;

const server = createServer(async (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  try {
    const { rows } = await pool.query(query, [url.searchParams.get('caseNumber')]);
    const row = rows[0];
    if (!row || row.passport_number.replace(/\s+/g, '').toUpperCase() !== String(url.searchParams.get('passportNumber')).toUpperCase()) {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end('{"error":"not found"}');
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ caseNumber: row.case_number, passportNumber: row.passport_number, status: row.status, servicesSubscribed: row.services }));
  } catch {
    response.writeHead(500);
    response.end();
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
