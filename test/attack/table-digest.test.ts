import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { tableDigest } from './support.js';

/**
 * The digest the attack tests take before and after a refused request ("nothing changes"): it must
 * see every kind of write, or those tests could not fail.
 */
describe('the table digest of the attack tests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const services = async () => (await tableDigest(t)).services;
  const sql = (text: string) => t.database.pool.query(text);

  it('when a row is inserted, changed, has two values swapped with another row, or is deleted, then the digest changes each time; when nothing is written, it stays', async () => {
    const seen = [await services()];
    expect(await services()).toBe(seen[0]);

    await sql(
      `INSERT INTO services (id, name, translations) VALUES (9001, 'Work Visa', '{"ar": "تأشيرة عمل"}'), (9002, 'Licence', '{"hi": "लाइसेंस"}')`,
    );
    seen.push(await services());
    await sql(`UPDATE services SET name = 'Work visa' WHERE id = 9001`);
    seen.push(await services());
    await sql(
      `UPDATE services s SET translations = o.translations FROM services o WHERE s.id IN (9001, 9002) AND o.id IN (9001, 9002) AND o.id <> s.id`,
    );
    seen.push(await services());
    await sql(`DELETE FROM services WHERE id = 9002`);
    seen.push(await services());

    expect(new Set(seen).size).toBe(seen.length);
    // Another table's writes are that table's.
    const others = await tableDigest(t);
    await sql(`INSERT INTO services (id, name) VALUES (9003, 'नर्सिंग लाइसेंस')`);
    const after = await tableDigest(t);
    expect(Object.keys(after).filter((table) => after[table] !== others[table])).toEqual(['services']);
  });
});
