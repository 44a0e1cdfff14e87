import type { Database } from '../db/client.js';

export async function loadDemoContent(_db: Database) {
  return { questions: 0, courses: 0 };
}
