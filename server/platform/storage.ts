import type * as S3Sdk from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from './errors.js';

/** An inclusive byte range, as HTTP `Range` means it. */
export type ByteRange = { start: number; end: number };

export type StoredObject = { size: number };

/**
 * Every store of files the product keeps, as the key prefix of its files: a folder of `DATA_DIR`
 * on the local disk, a prefix in the bucket. The backup copies each of them (`backup.ts`), so a
 * store is added here or it cannot store a file: a key outside these is refused, by the types and
 * at run time.
 */
export const STORED_FILE_PREFIXES = [
  /** The network's post media and profile photos. */
  'media/',
  /** The documents applicants and staff send for a case. */
  'case-documents/',
  /** The images of LMS lesson text. */
  'lesson-images/',
] as const;
export type StoredFilePrefix = (typeof STORED_FILE_PREFIXES)[number];
export type StorageKey = `${StoredFilePrefix}${string}`;

/**
 * Where uploaded files live: the local disk for one machine, S3-compatible object storage
 * for many. Keys are relative paths such as `media/1700000000000-{user}-{name}.png`.
 */
export interface MediaStorage {
  /**
   * Stores a finished file under the key (the file is moved or copied; the caller removes it).
   * When it resolves the file is durable: on the disk, flushed with its folder, so a row written
   * after it never points at a file a power loss emptied.
   */
  putFile(key: StorageKey, filePath: string, size: number, contentType: string): Promise<void>;
  /** Size of the object, or undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /**
   * The object's bytes, or a part of them; undefined when there is no such object. The object is
   * opened before this answers, so a route can still answer a missing one with 404 `{ error }`
   * before it sets its headers (issue 35: a stream failing after them was a raw 500).
   */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

// Keys are made by our own code, but a key that could climb out of the root, or one outside the
// declared stores (which no backup would hold), is refused anyway.
function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
  if (!STORED_FILE_PREFIXES.some((prefix) => key.startsWith(prefix) && key.length > prefix.length))
    throw new Error(`storage key outside the declared stores (STORED_FILE_PREFIXES): ${key}`);
}

/** Flushes a file's or a folder's contents (its entries, for a folder) to the disk. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createLocalStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = join(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return path;
  };
  return {
    async putFile(key, filePath) {
      const target = pathOf(key);
      const folder = dirname(target);
      // Owner-only folders and files (0700, 0600): members' media are nobody else's on this machine.
      // The chmod also tightens a folder made by an older version.
      const firstMade = await mkdir(folder, { recursive: true, mode: 0o700 });
      await chmod(folder, 0o700);
      // The bytes reach the disk before the name does: renamed first, a power loss could leave
      // the name on an empty file.
      try {
        await chmod(filePath, 0o600);
        await flush(filePath);
        await rename(filePath, target);
      } catch (error) {
        // The upload's temporary file may sit on another file system.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${target}.partial`;
        try {
          await copyFile(filePath, partial);
          await chmod(partial, 0o600);
          await flush(partial);
          await rename(partial, target);
        } catch (copyError) {
          // A full disk leaves half a file behind; it must not take the space of the next try.
          await rm(partial, { force: true });
          throw copyError;
        }
      }
      // The rename is an entry of the folder, and a folder made now an entry of its parent: each
      // is flushed, up to the first folder that was already there.
      const folders = [folder];
      if (firstMade)
        for (let made = folder; made !== dirname(firstMade); made = dirname(made)) folders.push(dirname(made));
      for (const changed of folders) await flush(changed);
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async read(key, range) {
      let file: FileHandle;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
        throw error;
      }
      // The stream closes the handle when it ends or fails.
      return file.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export function createS3Storage(options: S3StorageOptions): MediaStorage {
  // The SDK is loaded at the first use of the bucket, never without one: it is a sixth of a second
  // of every start's CPU otherwise (docs/operations.md, "Restart after a crash").
  let loading: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const s3 = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // The SDK's default since 3.729 sends streamed bodies `aws-chunked` with a trailing CRC32,
        // which many S3-compatible stores (s3rver, older MinIO, several hosted ones) do not decode:
        // they store the chunk framing as part of the object. Checksums only where S3 requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;
  return {
    async putFile(key, filePath, size, contentType) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async stat(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof sdk.NotFound || error instanceof sdk.NoSuchKey) return undefined;
        throw error;
      }
    },
    async read(key, range) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      let object;
      try {
        object = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return undefined;
        throw error;
      }
      if (!(object.Body instanceof Readable)) throw new Error('unexpected S3 body type');
      return object.Body;
    },
    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);

/**
 * A store that cannot take a file is not the client's fault, but the client should learn what
 * happened: 507 when the disk is full, 503 when the storage is unreachable or unwritable. The
 * original error travels as the cause, for the log.
 */
export function storageFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const failure =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? new AppError(507, 'There is no space left to store the file. Please try again later.')
      : new AppError(503, 'The file could not be stored right now. Please try again later.');
  failure.cause = error;
  return failure;
}

/** Local disk under `dataDir` (so media lands in `DATA_DIR/media`), or S3 when a bucket is configured. */
export function createMediaStorage(config: StorageConfig, dataDir: string): MediaStorage {
  const storage = config.kind === 's3' ? createS3Storage(config) : createLocalStorage(dataDir);
  const failed = (error: unknown): never => {
    throw storageFailure(error);
  };
  return {
    ...storage,
    putFile: (key, filePath, size, contentType) => storage.putFile(key, filePath, size, contentType).catch(failed),
    // An unreachable object store is a 503 for readers too, not a 500.
    stat: (key) => storage.stat(key).catch(failed),
    read: (key, range) => storage.read(key, range).catch(failed),
  };
}

/** Parses a single-range `Range` header against the object's size; undefined means "send it all". */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges or other units: answering with the whole object is allowed.
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (size === 0) return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
