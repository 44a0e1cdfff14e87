import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({
  jwtSecret: z.string().min(32),
  embeddedDatabasePassword: z.string().min(16),
});

export type LocalSecrets = z.infer<typeof secretsSchema>;

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
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable; restore it from a backup or remove it together with the data directory`, {
        cause: error,
      });
    }
  }
  const secrets: LocalSecrets = { jwtSecret: generateSecret(), embeddedDatabasePassword: generateSecret() };
  // 'wx' fails if another process created the file in the meantime, instead of overwriting it.
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
