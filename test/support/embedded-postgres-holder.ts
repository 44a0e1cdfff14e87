// Started by the recovery test as a separate process, so that the test can `kill -9` it the
// way a crashed app dies: it starts the embedded server, commits a row, says so, and waits.
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { createLogger } from '../../server/platform/logger.js';

const [dataDir, password] = process.argv.slice(2);
if (!dataDir || !password) throw new Error('usage: embedded-postgres-holder <dataDir> <password>');

const server = await startEmbeddedPostgres({ dataDir, password, log: createLogger('warn') });
const client = new pg.Client({ connectionString: server.url });
await client.connect();
await client.query('CREATE TABLE IF NOT EXISTS acknowledged (n int PRIMARY KEY)');
await client.query('INSERT INTO acknowledged SELECT coalesce(max(n), 0) + 1 FROM acknowledged');
const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM acknowledged');
process.stdout.write(`committed ${rows[0]?.count}\n`);
setInterval(() => {}, 1 << 30);
