import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { mediaRefusal, type MediaChoice } from '../../contracts/media-constants.js';
import { AppError } from '../platform/errors.js';
import { fileTooLarge, formRefusal, savePartToFile } from '../platform/form-upload.js';
import {
  cleanMedia,
  judgeMedia,
  storedTypeOfExtension,
  type StoredMediaType,
  type UploadType,
} from '../platform/media-cleaning.js';
import { parseRange, type MediaStorage, type StorageKey, type StoredFilePrefix } from '../platform/storage.js';

const MEDIA_PREFIX = 'media/' satisfies StoredFilePrefix;
const MEDIA_ROUTE = '/api/network/media/';

/** What a form's file may be: a photo (a profile photo) or a photo or video (a post's media). */
export type FileKind = { choice: MediaChoice };
export const postMedia: FileKind = { choice: 'photo-or-video' };
export const profilePhoto: FileKind = { choice: 'photo' };

/** The refusal of a missing or unaccepted file of `kind`, naming the formats and the limit. */
export const refusalOf = (kind: FileKind, maxBytes: number) => mediaRefusal(kind.choice, maxBytes);

/** The name part of a stored media key, as it appears in the media URL. */
export const MEDIA_NAME_PATTERN = /^\d{13}-[0-9a-f-]{36}-[A-Za-z0-9._-]{1,80}\.(gif|jpg|png|webp|mp4|mov|webm)$/;

export const mediaUrlOf = (key: string) => `${MEDIA_ROUTE}${key.slice(MEDIA_PREFIX.length)}`;

export function mediaKeyOfUrl(url: string | null): string | undefined {
  if (!url?.startsWith(MEDIA_ROUTE)) return undefined;
  const name = url.slice(MEDIA_ROUTE.length);
  return MEDIA_NAME_PATTERN.test(name) ? `${MEDIA_PREFIX}${name}` : undefined;
}

/** `media/{timestamp}-{userId}-{safe name}.{ext}`: the extension is the stored type's, never the client's. */
export function mediaKey(now: Date, userId: string, originalName: string, extension: string): StorageKey {
  const base = originalName.replace(/\.[^.]*$/, '');
  const safe =
    base
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'upload';
  return `${MEDIA_PREFIX}${now.getTime()}-${userId}-${safe}.${extension}`;
}

/** A received file, judged by content but not yet cleaned: `prepareMedia` makes it fit to store. */
export type ReceivedFile = { path: string; size: number; type: UploadType; originalName: string };
export type ReceivedForm = { fields: Record<string, string>; file?: ReceivedFile };

/**
 * Reads a multipart form, streaming its one file to a temporary file while counting bytes
 * and keeping the first bytes for type detection. Over the limit the upload stops with 413
 * and nothing is kept; a file that is none of the kind's formats is a 400 naming them.
 */
export async function receiveForm(
  request: FastifyRequest,
  options: { maxBytes: number; fileField: string; tmpDir: string; kind: FileKind },
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new AppError(400, 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  const temporary: string[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, 'A field of the form is too long.');
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField) throw new AppError(400, `Unexpected file field ${part.fieldname}`);
      const path = join(options.tmpDir, `pathway-upload-${randomBytes(12).toString('hex')}`);
      temporary.push(path);
      const received = await savePartToFile(part, path);
      if (part.file.truncated) throw fileTooLarge(options.maxBytes);
      if (received.size === 0) {
        // An empty file field is "no file"; its empty temporary file goes at once.
        await rm(path, { force: true });
        temporary.pop();
        continue;
      }
      const type = await judgeMedia(received.head, options.kind.choice, options.maxBytes);
      file = { path, size: received.size, type, originalName: part.filename || 'upload' };
    }
    return { fields, file };
  } catch (error) {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
    throw formRefusal(error, options.maxBytes) ?? error;
  }
}

/**
 * Removes the received file's location and device metadata in place (a HEIC photo becomes a JPEG)
 * and answers what to store; a 400 when it cannot be read whole.
 */
export async function prepareMedia(
  file: ReceivedFile,
): Promise<{ size: number; type: StoredMediaType; extension: string }> {
  return cleanMedia(file.path, file.type);
}

export async function discardFile(file: ReceivedFile | undefined): Promise<void> {
  if (file) await rm(file.path, { force: true });
}

const mediaNotFound = () => new AppError(404, 'Media not found');

/**
 * What a use case that stores or removes a member's files needs: the store, the member's hourly
 * upload limit (see createMemberLimits) and the request's log, where a file left behind is named.
 */
export type MediaFiles = {
  storage: MediaStorage;
  countUpload: (memberId: string) => Promise<void>;
  log: FastifyBaseLogger;
};

/** A stored file of the network's: its key and what it is. */
export type StoredMedia = { key: StorageKey; type: StoredMediaType };

/**
 * Stores a received file as the member's: counted against their hourly uploads, cleaned of its
 * location and device metadata (see prepareMedia), put under a new key. The received file is
 * discarded either way.
 */
export async function storeMedia(
  files: MediaFiles,
  memberId: string,
  file: ReceivedFile,
  now: Date,
): Promise<StoredMedia> {
  try {
    await files.countUpload(memberId);
    const cleaned = await prepareMedia(file);
    const key = mediaKey(now, memberId, file.originalName, cleaned.extension);
    await files.storage.putFile(key, file.path, cleaned.size, cleaned.type);
    return { key, type: cleaned.type };
  } finally {
    await discardFile(file);
  }
}

/**
 * Removes stored objects after their rows are gone (after the commit, so a rolled-back change
 * keeps its files); a failure leaves an orphan file, logged, not an error.
 */
export async function removeStoredMedia(
  files: Pick<MediaFiles, 'storage' | 'log'>,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await files.storage.delete(key);
    } catch (error) {
      files.log.error({ err: error, key }, 'could not delete stored media');
    }
  }
}

/** Serves a stored object with HTTP range support, so video can seek. */
export async function serveMedia(
  storage: MediaStorage,
  name: string,
  request: FastifyRequest,
  reply: FastifyReply,
  /** Whether the file is kept but not shown (a post a moderator removed, which may come back). */
  withheld: (key: StorageKey) => Promise<boolean>,
) {
  if (!MEDIA_NAME_PATTERN.test(name)) throw mediaNotFound();
  const key: StorageKey = `${MEDIA_PREFIX}${name}`;
  if (await withheld(key)) throw mediaNotFound();
  const stored = await storage.stat(key);
  if (!stored) throw mediaNotFound();
  const range = parseRange(request.headers.range, stored.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stored.size}`).send();
  }
  // Opened before any header is set: a file gone since the stat is still a 404 with a sentence.
  const body = await storage.read(key, range);
  if (!body) throw mediaNotFound();
  const extension = name.slice(name.lastIndexOf('.') + 1);
  reply
    .header('content-type', storedTypeOfExtension[extension] ?? 'application/octet-stream')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // The name carries a timestamp and never changes meaning; only members may read it.
    .header('cache-control', 'private, max-age=31536000, immutable');
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', stored.size);
  }
  return reply.send(body);
}
