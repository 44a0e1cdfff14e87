import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tinyPng } from '../factories/network.js';
import {
  postText,
  signIn,
  signUpMember,
  startAppProcess,
  stopGracefully,
  type AppProcess,
  type Member,
} from './support.js';
import { timeouts } from '../support/timeouts.js';

/** `npm run backup|restore -- DIR` as an operator runs it (from source here; the same module as dist/server/backup-cli.js). */
function runBackupCommand(
  command: 'backup' | 'restore',
  dir: string,
  dataDir: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/backup-cli.ts', command, dir],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

async function mediaFiles(dataDir: string): Promise<Record<string, string>> {
  const root = join(dataDir, 'media');
  const files: Record<string, string> = {};
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile())
      files[join(entry.parentPath, entry.name).slice(root.length)] = createHash('sha256')
        .update(await readFile(join(entry.parentPath, entry.name)))
        .digest('hex');
  }
  return files;
}

async function createCase(app: AppProcess, token: string, caseNumber: string): Promise<number> {
  const response = await fetch(`${app.url}/api/caseadmin/cases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      case_number: caseNumber,
      passport_number: 'P7654321',
      client_name: 'Restore Drill',
      serviceIds: [1],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { newCase: { id: number } }).newCase.id;
}

const caseStatus = async (app: AppProcess, token: string, id: number) =>
  (await fetch(`${app.url}/api/caseadmin/cases/${id}`, { headers: { authorization: `Bearer ${token}` } })).status;

async function postWithImage(app: AppProcess, member: Member): Promise<string> {
  const form = new FormData();
  form.set('description', 'a photo to keep');
  form.set('media', new Blob([tinyPng], { type: 'image/png' }), 'keep.png');
  const response = await fetch(`${app.url}/api/network/posts`, {
    method: 'POST',
    headers: { origin: app.url, cookie: member.cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('a restore drill of the embedded database and local media', () => {
  const folders: string[] = [];
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app) await stopGracefully(app);
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  const folder = async (name: string) => {
    const made = await mkdtemp(join(tmpdir(), `pathway-${name}-`));
    // As root the embedded PostgreSQL runs as `postgres`, which must reach its folder.
    await chmod(made, 0o755);
    folders.push(made);
    return made;
  };

  it('when data and media are backed up while writes go on, wiped, and restored, then everything acknowledged before the backup is back (a deleted case too) and nothing after it', async () => {
    const dataDir = await folder('drill-data');
    const backups = await folder('drill-backups');
    const backup = join(backups, 'first');
    app = await startAppProcess({ DATA_DIR: dataDir });
    const token = await signIn(app.url);
    const kept = await createCase(app, token, 'DRILL-KEPT-1');
    const member = await signUpMember(app.url);
    const postId = await postWithImage(app, member);

    // Members keep posting while the backup runs: the copy is taken from a live server.
    const acknowledgedBefore: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const response = await postText(app!.url, member, `during the backup ${acknowledgedBefore.length}`);
        if (response.status === 201) acknowledgedBefore.push(((await response.json()) as { id: string }).id);
      }
    })();
    await vi.waitFor(() => expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(5), {
      timeout: timeouts.condition,
      interval: 20,
    });
    const countBeforeBackup = acknowledgedBefore.length;
    const result = await runBackupCommand('backup', backup, dataDir);
    writing = false;
    await writer;
    expect(result.output).toContain('backup written');
    expect(result.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8')) as {
      database: { kind: string };
      files: { path: string }[];
    };
    expect(manifest.database.kind).toBe('embedded');
    expect(manifest.files.some((file) => file.path.startsWith('media/'))).toBe(true);
    expect(manifest.files.some((file) => file.path === 'postgres/backup_label')).toBe(true);
    const mediaAtBackup = await mediaFiles(dataDir);
    expect(Object.keys(mediaAtBackup).length).toBeGreaterThan(0);

    // After the backup: the case is deleted and another one is written.
    expect(
      (
        await fetch(`${app.url}/api/caseadmin/cases/${kept}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(204);
    const later = await createCase(app, token, 'DRILL-LATER-1');

    // A restore over a running app is refused.
    const whileRunning = await runBackupCommand('restore', backup, dataDir);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain('running');
    await stopGracefully(app);
    app = undefined;

    // A damaged copy is refused, and DATA_DIR is left as it was.
    const damaged = join(backups, 'damaged');
    await cp(backup, damaged, { recursive: true });
    const victim = join(damaged, 'postgres', 'global', 'pg_control');
    const bytes = await readFile(victim);
    bytes[100] = (bytes[100]! + 1) % 256;
    await writeFile(victim, bytes);
    const refused = await runBackupCommand('restore', damaged, dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('damaged');
    expect(refused.output).toContain('postgres/global/pg_control differs');

    // The machine is lost: DATA_DIR wiped.
    await rm(dataDir, { recursive: true, force: true });
    const restored = await runBackupCommand('restore', backup, dataDir);
    expect(restored.output).toContain('restore: done');
    expect(restored.code).toBe(0);

    app = await startAppProcess({ DATA_DIR: dataDir });
    const tokenAfter = await signIn(app.url);
    expect(await caseStatus(app, tokenAfter, kept)).toBe(200);
    expect(await caseStatus(app, tokenAfter, later)).toBe(404);
    const ids = new Set<string>();
    for (let cursor: string | null = ''; cursor !== null;) {
      const page = await fetch(`${app.url}/api/network/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: { cookie: member.cookie },
      });
      expect(page.status).toBe(200);
      const body = (await page.json()) as { posts: { id: string }[]; nextCursor: string | null };
      for (const post of body.posts) ids.add(post.id);
      cursor = body.nextCursor;
    }
    expect(ids.has(postId)).toBe(true);
    for (const id of acknowledgedBefore.slice(0, countBeforeBackup)) expect(ids.has(id)).toBe(true);
    expect(await mediaFiles(dataDir)).toEqual(mediaAtBackup);
  });
});
