import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LESSON_IMAGE_FIELD,
  LESSON_IMAGE_MAX_BYTES,
  LESSON_IMAGE_NAME,
  LESSON_IMAGE_PATH,
} from '../../contracts/lms-constants.js';
import { mediaRefusal } from '../../contracts/media-constants.js';
import { AppError } from '../platform/errors.js';
import { fileTooLarge, formRefusal, savePartToFile } from '../platform/form-upload.js';
import { cleanMedia, judgeMedia, storedTypeOfExtension } from '../platform/media-cleaning.js';
import type { MediaStorage, StoredFilePrefix } from '../platform/storage.js';

const PREFIX = 'lesson-images/' satisfies StoredFilePrefix;

/** A stored lesson image's name: 24 random hex digits (unguessable, as the images are served to anyone with the link) and the detected type's extension. */

export const LESSON_IMAGE_REFUSAL = mediaRefusal('photo', LESSON_IMAGE_MAX_BYTES);

/**
 * Stores the one image of a multipart form (field `image`), judged by its content and stored
 * without location or device metadata (a HEIC photo as JPEG), and answers its address. Over the
 * limit: 413 and nothing kept; anything but a photo, or one cut off: 400.
 */
export async function saveLessonImage(
  request: FastifyRequest,
  storage: MediaStorage,
  tmpDir: string,
): Promise<{ url: string }> {
  if (!request.isMultipart()) throw new AppError(400, 'Send the image as multipart/form-data');
  const temporary: string[] = [];
  try {
    let saved: { url: string } | undefined;
    const parts = request.parts({
      limits: { fileSize: LESSON_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== LESSON_IMAGE_FIELD)
        throw new AppError(400, `Send the image in the field "${LESSON_IMAGE_FIELD}"`);
      const path = join(tmpDir, `pathway-lesson-image-${randomBytes(12).toString('hex')}`);
      temporary.push(path);
      const { size, head } = await savePartToFile(part, path);
      if (part.file.truncated) throw fileTooLarge(LESSON_IMAGE_MAX_BYTES);
      if (size === 0) throw new AppError(400, LESSON_IMAGE_REFUSAL);
      const cleaned = await cleanMedia(path, await judgeMedia(head, 'photo', LESSON_IMAGE_MAX_BYTES));
      const name = `${randomBytes(12).toString('hex')}.${cleaned.extension}`;
      await storage.putFile(`${PREFIX}${name}`, path, cleaned.size, cleaned.type);
      saved = { url: `${LESSON_IMAGE_PATH}${name}` };
    }
    if (!saved) throw new AppError(400, LESSON_IMAGE_REFUSAL);
    return saved;
  } catch (error) {
    throw formRefusal(error, LESSON_IMAGE_MAX_BYTES) ?? error;
  } finally {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
  }
}

/** Serves a lesson image to anyone with its address: an `<img>` in a lesson cannot send the LMS's bearer token. */
export async function serveLessonImage(storage: MediaStorage, name: string, reply: FastifyReply) {
  const key = `${PREFIX}${name}`;
  const stored = LESSON_IMAGE_NAME.test(name) ? await storage.stat(key) : undefined;
  // Opened before any header is set: a file gone since the stat is still a 404 with a sentence.
  const body = stored && (await storage.read(key));
  if (!stored || !body) throw new AppError(404, 'Image not found');
  return (
    reply
      .header(
        'content-type',
        storedTypeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      )
      .header('x-content-type-options', 'nosniff')
      // A name is never reused for other bytes.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', stored.size)
      .send(body)
  );
}
