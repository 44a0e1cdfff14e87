/**
 * Adds a case admin, or resets the password of an existing one:
 *   npm run admin:case -- <email> <password>
 * Uses the same configuration as the app: DATABASE_URL, or the embedded database in DATA_DIR.
 */
import { join } from 'node:path';
import { addOrResetCaseAdmin, caseAdminCredentials, CaseAdminInputError } from '../server/cases/case-admins.js';
import { ConfigError, loadConfig } from '../server/config.js';
import { runningEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { openDatabase } from '../server/db/open.js';
import { createLogger } from '../server/platform/logger.js';
import { loadLocalSecrets } from '../server/platform/secrets.js';

const USAGE = 'Usage: npm run admin:case -- <email> <password>   (password: at least 8 characters)';

async function main(args: string[]): Promise<number> {
  if (args.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  const [email = '', password = ''] = args;
  // Checked before the database is opened, so a typo does not start the embedded server.
  const parsed = caseAdminCredentials.safeParse({ email, password });
  if (!parsed.success) {
    console.error(`Not changed: ${parsed.error.issues.map((issue) => issue.message).join('; ')}\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  if (!config.databaseUrl) {
    // Opening the embedded database would stop the running app's server (it looks orphaned).
    const postgresDir = join(config.dataDir, 'postgres');
    const pid = await runningEmbeddedPostgres(postgresDir);
    if (pid !== undefined) {
      console.error(
        `The app's embedded PostgreSQL is running on ${postgresDir} (pid ${pid}): stop the app first, or set DATABASE_URL.`,
      );
      return 1;
    }
  }

  const logger = createLogger('warn');
  const secrets = await loadLocalSecrets(config.dataDir);
  const database = await openDatabase(config, secrets.embeddedDatabasePassword, logger);
  try {
    const result = await addOrResetCaseAdmin(database.db, parsed.data.email, parsed.data.password);
    console.log(
      result.created
        ? `Case admin ${result.email} created.`
        : `Password of case admin ${result.email} reset; if it changed, every sign-in of that admin has ended.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof CaseAdminInputError) {
      console.error(error.message);
    } else {
      console.error('Could not set the case admin:', error);
    }
    process.exit(1);
  },
);
