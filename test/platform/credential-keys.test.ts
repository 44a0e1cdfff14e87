import { createLocalJWKSet, jwtVerify } from 'jose';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createCredentialIssuer, generateCredentialKey } from '../../server/platform/credentials.js';
import { loadLocalSecrets, rotateCredentialKey } from '../../server/platform/secrets.js';

const clock = { now: () => new Date('2026-05-01T10:00:00Z') };

/** The credentials' signing keys (decision 037): kept with the generated secrets, rotated without breaking what they signed. */
describe('credential signing keys', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-keys-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('when a secrets file from before issue 41 is loaded, then a key is added once and kept, owner-only', async () => {
    const file = join(dataDir, 'secrets.json');
    const old = { jwtSecret: 'j'.repeat(43), embeddedDatabasePassword: 'p'.repeat(43) };
    await writeFile(file, JSON.stringify(old), { mode: 0o600 });
    const first = await loadLocalSecrets(dataDir);
    expect(first).toMatchObject(old);
    expect(first.credentialKeys).toHaveLength(1);
    const again = await loadLocalSecrets(dataDir);
    expect(again.credentialKeys).toEqual(first.credentialKeys);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ ...old, credentialKeys: first.credentialKeys });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('when the key is rotated, then the new one signs and what the old one signed still verifies from the JWKS', async () => {
    const before = await loadLocalSecrets(dataDir);
    const oldIssuer = await createCredentialIssuer(before.credentialKeys, clock);
    const signedBefore = await oldIssuer.sign({ sub: 'licence-1', exp: 1_900_000_000 });

    await rotateCredentialKey(dataDir);
    const after = await loadLocalSecrets(dataDir);
    expect(after.credentialKeys).toHaveLength(2);
    expect(after.credentialKeys[1]).toEqual(before.credentialKeys[0]);
    const issuer = await createCredentialIssuer(after.credentialKeys, clock);
    const signedAfter = await issuer.sign({ sub: 'licence-2', exp: 1_900_000_000 });

    const keys = createLocalJWKSet(issuer.jwks);
    const options = { currentDate: clock.now(), typ: 'vc+jwt' };
    expect((await jwtVerify(signedBefore, keys, options)).payload.sub).toBe('licence-1');
    expect((await jwtVerify(signedAfter, keys, options)).protectedHeader.kid).toBe(issuer.jwks.keys[0]?.kid);
    // Only public halves are published.
    expect(JSON.stringify(issuer.jwks)).not.toContain('"d"');
  });

  it('when CREDENTIAL_SIGNING_KEYS is set, then it is read as the key list, and a bad one is refused with the setting named', async () => {
    const key = await generateCredentialKey();
    expect(loadConfig({ CREDENTIAL_SIGNING_KEYS: JSON.stringify([key]) }).credentialSigningKeys).toEqual([key]);
    expect(() => loadConfig({ CREDENTIAL_SIGNING_KEYS: '{not json' })).toThrow(/CREDENTIAL_SIGNING_KEYS/);
    expect(() =>
      loadConfig({ CREDENTIAL_SIGNING_KEYS: JSON.stringify([{ kty: 'OKP', crv: 'Ed25519', x: key.x }]) }),
    ).toThrow(/CREDENTIAL_SIGNING_KEYS/);
  });
});
