import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { credentialKeyList, generateCredentialKey } from './credentials.js';

const secretsSchema = z.object({
  jwtSecret: z.string().min(32),
  embeddedDatabasePassword: z.string().min(16),
  // The credentials' signing keys, the signing key first (platform/credentials.ts). Added to a
  // secrets file written before issue 41 on its next start.
  credentialKeys: credentialKeyList.optional(),
});

export type LocalSecrets = z.infer<typeof secretsSchema> &
  Required<Pick<z.infer<typeof secretsSchema>, 'credentialKeys'>>;

function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Secrets the app makes for itself on first start (a JWT key when JWT_SECRET is unset,
 * the embedded database password), kept owner-only in DATA_DIR so tokens and the
 * database survive restarts.
 */
export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = join(dataDir, 'secrets.json');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    const stored = secretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    await chmod(file, 0o600);
    if (stored.credentialKeys) return { ...stored, credentialKeys: stored.credentialKeys };
    const completed = { ...stored, credentialKeys: [await generateCredentialKey()] };
    // Written beside and renamed over it, so a crash in between leaves the old file whole.
    await writeFile(`${file}.new`, JSON.stringify(completed, null, 2), { mode: 0o600 });
    await rename(`${file}.new`, file);
    return completed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable; restore it from a backup or remove it together with the data directory`, {
        cause: error,
      });
    }
  }
  const secrets: LocalSecrets = {
    jwtSecret: generateSecret(),
    embeddedDatabasePassword: generateSecret(),
    credentialKeys: [await generateCredentialKey()],
  };
  // 'wx' fails if another process created the file in the meantime, instead of overwriting it.
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}

/**
 * Rotation of the credentials' signing key kept in secrets.json: a new key goes first (it signs from
 * the next start), the former ones stay published so what they signed still verifies; `keep` of
 * them are kept (docs/operations.md, "Credential signing keys").
 */
export async function rotateCredentialKey(dataDir: string, keep = 3): Promise<{ keys: number }> {
  const file = join(dataDir, 'secrets.json');
  const secrets = await loadLocalSecrets(dataDir);
  const credentialKeys = [await generateCredentialKey(), ...secrets.credentialKeys].slice(0, keep + 1);
  await writeFile(`${file}.new`, JSON.stringify({ ...secrets, credentialKeys }, null, 2), { mode: 0o600 });
  await rename(`${file}.new`, file);
  return { keys: credentialKeys.length };
}
