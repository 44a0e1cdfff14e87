/**
 * Loads the LMS demo content (30 questions per profession, courses per profession and level,
 * two upcoming exams) into the configured database. Safe to run again: nothing is added twice.
 * Usage: npm run lms:demo-content   (stop the app first when it uses the embedded database)
 */
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/open.js';
import { loadDemoContent } from '../server/lms/demo-content.js';
import { createLogger } from '../server/platform/logger.js';
import { loadLocalSecrets } from '../server/platform/secrets.js';

const config = loadConfig();
const logger = createLogger('warn');
const secrets = await loadLocalSecrets(config.dataDir);
const database = await openDatabase(config, secrets.embeddedDatabasePassword, logger);
try {
  const added = await loadDemoContent(database.db);
  console.log(
    `LMS demo content: added ${added.questions} questions, ${added.courses} courses, ${added.upcomingExams} upcoming exams.`,
  );
} finally {
  await database.close();
}
