import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { tinyPdf } from '../factories/case-documents.js';
import { tinyPng } from '../factories/network.js';
import {
  signIn,
  signInLmsAdmin,
  signUpMember,
  startAppProcess,
  stopGracefully,
  storeOneFileInEachStore,
  type AppProcess,
} from './support.js';

const run = promisify(execFile);

/**
 * strace attached to every thread of a running process (the file system work happens on libuv's
 * thread pool, the database and HTTP writes on the main thread), logging the calls that make a
 * stored file durable and the writes that commit its row and answer the client. `-yy` prints the
 * path of each descriptor, so a flush names the file or folder it flushed.
 */
async function traceSyscalls(pid: number, log: string) {
  const strace = spawn(
    'strace',
    [
      '-f',
      '-yy',
      '-s',
      '96',
      '-e',
      'trace=fsync,fdatasync,rename,renameat,renameat2,write,writev',
      '-o',
      log,
      // With -f, strace attaches to every thread of the process ("attached with N threads").
      '-p',
      String(pid),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  strace.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => strace.once('exit', resolve));
  await expect.poll(() => stderr).toMatch(/attached/);
  return {
    async stop(): Promise<string[]> {
      strace.kill('SIGINT');
      await exited;
      return (await readFile(log, 'utf8')).split('\n');
    },
  };
}

const renamed = /\brename(?:at2?)?\((?:AT_FDCWD(?:<[^>]*>)?, )?"([^"]+)", (?:AT_FDCWD(?:<[^>]*>)?, )?"([^"]+)"/;
const flushed = /\b(?:fsync|fdatasync)\(\d+<([^>]+)>/;

/** Where in the trace a stored file was renamed into place, and what was flushed before and after it. */
function durability(lines: string[], target: (path: string) => boolean) {
  const at = lines.findIndex((line) => {
    const match = renamed.exec(line);
    return match !== null && target(match[2]!);
  });
  if (at < 0) throw new Error('the stored file was never renamed into place');
  const [, source, destination] = renamed.exec(lines[at]!)!;
  const flushOf = (path: string, from: number, to: number) =>
    lines.findIndex((line, index) => index >= from && index < to && flushed.exec(line)?.[1] === path);
  const after = (pattern: RegExp) => lines.findIndex((line, index) => index > at && pattern.test(line));
  return {
    destination: destination!,
    /** The bytes flushed before the name was given to them. */
    fileFlushed: flushOf(source!, 0, at) >= 0,
    /** Where each folder's flush came after the rename (-1: never). */
    folderFlushedAt: (folder: string) => flushOf(folder, at + 1, lines.length),
    /** The first commit sent to PostgreSQL after the rename. */
    commitAt: after(/\bwritev?\(\d+<TCP.*commit/),
    /** The first 201 answer written after the rename. */
    answerAt: after(/\bwritev?\(\d+<TCP.*HTTP\/1\.1 201/),
  };
}

describe.each([
  ['on another file system (copied into place)', true],
  ['on the same file system (renamed into place)', false],
] as const)('stored files with the upload folder %s', (_where, separateUploadDisk) => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app) await stopGracefully(app);
    for (const step of cleanup.reverse()) await step();
  });

  it('when a file is stored in each store, then its bytes and its folders are flushed to the disk before the row naming it commits and before the answer', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-flushed-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    let uploads = join(dataDir, 'uploads');
    if (separateUploadDisk) {
      uploads = await mkdtemp(join(tmpdir(), 'pathway-faults-flushed-uploads-'));
      cleanup.push(() => rm(uploads, { recursive: true, force: true }));
      await run('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', uploads]);
      cleanup.push(() => run('umount', [uploads]));
    } else {
      await run('mkdir', ['-p', uploads]);
    }
    app = await startAppProcess({ DATA_DIR: dataDir, UPLOAD_TMP_DIR: uploads });
    onTestFailed(() => console.log(app?.output()));
    const who = {
      caseToken: await signIn(app.url),
      lmsToken: await signInLmsAdmin(app.url),
      member: await signUpMember(app.url),
    };

    const trace = await traceSyscalls(app.child.pid!, join(dataDir, 'strace.log'));
    const stored = await storeOneFileInEachStore(app.url, who, {
      image: tinyPng,
      document: tinyPdf,
      lessonImage: tinyPng,
    });
    const lines = await trace.stop();
    onTestFailed(() => console.log(lines.filter((line) => /rename|sync|commit|HTTP/.test(line)).join('\n')));

    const postMedia = durability(lines, (path) => path === join(dataDir, 'media', stored.postMedia.storedName));
    const caseDocument = durability(lines, (path) =>
      path.startsWith(join(dataDir, 'case-documents', String(stored.caseDocument.caseId)) + '/'),
    );
    const lessonImage = durability(
      lines,
      (path) => path === join(dataDir, 'lesson-images', stored.lessonImage.storedName),
    );

    for (const [store, file] of Object.entries({ postMedia, caseDocument, lessonImage })) {
      expect(file.fileFlushed, `${store}: the file's bytes before its rename`).toBe(true);
      // Its folder, and for a case's first document the folders made for it (the case's, and the store's).
      const folders = [dirname(file.destination)];
      if (store === 'caseDocument') folders.push(dirname(folders[0]!), dataDir);
      else folders.push(dataDir);
      for (const folder of folders) {
        const at = file.folderFlushedAt(folder);
        expect(at, `${store}: ${folder} flushed after the rename`).toBeGreaterThan(0);
        expect(at, `${store}: ${folder} flushed before the answer`).toBeLessThan(file.answerAt);
        // The post and the case document are rows; a lesson image is only an address in lesson text.
        if (store !== 'lessonImage')
          expect(at, `${store}: ${folder} flushed before the row commits`).toBeLessThan(file.commitAt);
      }
    }
  });
});
