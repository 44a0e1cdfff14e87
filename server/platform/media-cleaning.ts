import { fileTypeFromBuffer } from 'file-type';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import {
  mediaRefusal,
  photoFormats,
  videoFormats,
  type MediaChoice,
  type PhotoType,
  type VideoType,
} from '../../contracts/media-constants.js';
import { AppError } from './errors.js';
import { decodeHeic, TooManyPixels } from './heic-decoder.js';
import { stripIsoMediaMetadata } from './iso-media-metadata.js';
import { DamagedMedia } from './media-damage.js';
import { stripWebmMetadata } from './webm-metadata.js';

/*
 * Every photo and video that the product shows to someone other than its sender (post media,
 * profile photos, lesson images) passes through here before it is stored, and leaves without its
 * location or device: photos are decoded and written again by sharp (libvips), turned upright by
 * their EXIF orientation, with no EXIF, XMP, IPTC, ICC profile, comments or trailing data; HEIC
 * becomes JPEG; videos keep their picture and sound byte for byte and lose their metadata boxes
 * (iso-media-metadata.ts, webm-metadata.ts). A file that cannot be read whole is refused.
 * Applicants' case documents do not come here: staff need them exactly as sent (docs/security.md).
 */

/** What a stored photo or video is served as. */
export type StoredMediaType = Exclude<PhotoType, 'image/heic'> | VideoType;

export const extensionOfStored: Record<StoredMediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

export const storedTypeOfExtension = Object.fromEntries(
  Object.entries(extensionOfStored).map(([type, extension]) => [extension, type]),
) as Record<string, StoredMediaType>;

/** Photos larger than this are refused rather than decoded (a 200-megapixel phone mode is the largest). */
export const MAX_PHOTO_PIXELS = 120_000_000;
const PHOTO_TIMEOUT_SECONDS = 60;

export type CleanedMedia = { size: number; type: StoredMediaType; extension: string };

const photoTypes: readonly string[] = photoFormats.map((format) => format.type);
const videoTypes: readonly string[] = videoFormats.map((format) => format.type);

// One decode per photo, nothing cached between uploads.
sharp.cache(false);

function damaged(kind: 'photo' | 'video'): AppError {
  return new AppError(
    400,
    `The ${kind} could not be read: the file is damaged or incomplete (an upload cut short, say). Please send the original again.`,
    'MEDIA_DAMAGED',
  );
}

const tooManyPixels = () =>
  new AppError(400, `The photo is too large: at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`, 'MEDIA_TOO_LARGE');

/** A format people may send: a photo or video type, judged by content ("image/heif" is HEIC's other name). */
export type UploadType = PhotoType | VideoType;

/**
 * The upload's format, judged by its first bytes (`head`); a 400 naming the accepted formats and
 * `maxBytes` when it is none of `choice`'s. Cheap: it reads no more of the file.
 */
export async function judgeMedia(head: Buffer, choice: MediaChoice, maxBytes: number): Promise<UploadType> {
  const detected = (await fileTypeFromBuffer(head))?.mime;
  const type = detected === 'image/heif' ? 'image/heic' : detected;
  const accepted =
    type !== undefined && (photoTypes.includes(type) || (choice === 'photo-or-video' && videoTypes.includes(type)));
  if (!accepted) throw new AppError(400, mediaRefusal(choice, maxBytes), 'MEDIA_TYPE');
  return type as UploadType;
}

/** sharp's error for an image over the pixel limit, told apart from a damaged file. */
const overPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

const isVideoType = (type: UploadType): type is VideoType => videoTypes.includes(type);

async function reencodePhoto(original: Buffer, type: Exclude<PhotoType, 'image/heic'>): Promise<Buffer> {
  // `animated` keeps every frame of a GIF or WebP; `failOn: 'error'` refuses a file cut short.
  const image = sharp(original, { animated: true, failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
    .autoOrient()
    .timeout({ seconds: PHOTO_TIMEOUT_SECONDS });
  // No keepMetadata(): sharp writes none, and converts the colours to sRGB.
  if (type === 'image/jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (type === 'image/png') return image.png().toBuffer();
  if (type === 'image/webp') return image.webp({ quality: 90 }).toBuffer();
  return image.gif().toBuffer();
}

async function heicToJpeg(original: Buffer): Promise<Buffer> {
  const decoded = await decodeHeic(original, {
    maxPixels: MAX_PHOTO_PIXELS,
    timeoutMs: PHOTO_TIMEOUT_SECONDS * 1000,
  });
  return sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Rewrites the upload at `path`, of the judged `type`, in place without location or device
 * metadata; a 400 when it cannot be read whole (cut off, damaged) or is too large to decode.
 */
export async function cleanMedia(path: string, type: UploadType): Promise<CleanedMedia> {
  if (isVideoType(type)) {
    const file = await open(path, 'r+');
    try {
      if (type === 'video/webm') await stripWebmMetadata(file);
      else await stripIsoMediaMetadata(file);
    } catch (error) {
      if (error instanceof DamagedMedia) throw damaged('video');
      throw error;
    } finally {
      await file.close();
    }
    return { size: (await stat(path)).size, type, extension: extensionOfStored[type] };
  }

  const original = await readFile(path);
  let cleaned: Buffer;
  const stored = type === 'image/heic' ? 'image/jpeg' : type;
  try {
    cleaned = type === 'image/heic' ? await heicToJpeg(original) : await reencodePhoto(original, stored);
  } catch (error) {
    if (error instanceof TooManyPixels || overPixelLimit(error)) throw tooManyPixels();
    // libheif's refusals of the file; a worker that could not start is ours, not the file's (a 500).
    if (error instanceof DamagedMedia) throw damaged('photo');
    // sharp reading an upload fails only on its content: its output is a buffer, nothing of ours is written.
    if (type !== 'image/heic' && error instanceof Error) throw damaged('photo');
    throw error;
  }
  // Written beside the upload and moved over it, so the caller's clean-up of `path` covers it.
  const next = `${path}.cleaned`;
  try {
    await writeFile(next, cleaned, { mode: 0o600 });
    await rename(next, path);
  } catch (error) {
    await rm(next, { force: true });
    throw error;
  }
  return { size: cleaned.length, type: stored, extension: extensionOfStored[stored] };
}
