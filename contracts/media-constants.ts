/**
 * The photos and videos people may send (post media, profile photos, lesson images), judged by the
 * file's content, never by its name. Zod-free: the upload controls list the same formats and limit
 * as the server's refusal. docs/media.md says what each format becomes.
 */

/** A photo format: the type detected from the content and the name people know it by. */
export const photoFormats = [
  { type: 'image/jpeg', name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  { type: 'image/png', name: 'PNG', extensions: ['.png'] },
  { type: 'image/gif', name: 'GIF', extensions: ['.gif'] },
  { type: 'image/webp', name: 'WebP', extensions: ['.webp'] },
  // An iPhone's photos. Browsers other than Safari cannot show them, so they are stored as JPEG.
  { type: 'image/heic', name: 'HEIC', extensions: ['.heic', '.heif'] },
] as const;

/** A video format: stored as sent, less its metadata (not re-encoded). */
export const videoFormats = [
  { type: 'video/mp4', name: 'MP4', extensions: ['.mp4', '.m4v'] },
  // An iPhone's videos.
  { type: 'video/quicktime', name: 'MOV', extensions: ['.mov'] },
  { type: 'video/webm', name: 'WebM', extensions: ['.webm'] },
] as const;

export type PhotoType = (typeof photoFormats)[number]['type'];
export type VideoType = (typeof videoFormats)[number]['type'];

/** What a control accepts: photos only (a profile photo, a lesson image) or photos and videos (a post). */
export type MediaChoice = 'photo' | 'photo-or-video';

const formatsOf = (choice: MediaChoice) =>
  choice === 'photo' ? [...photoFormats] : [...photoFormats, ...videoFormats];

/** The `accept` attribute of a file input: types and extensions (some systems give a HEIC file no type). */
export function acceptAttribute(choice: MediaChoice): string {
  return formatsOf(choice)
    .flatMap((format) => [format.type, ...format.extensions])
    .join(',');
}

/** Whether a chosen file may be one of the formats, by its type or, when the system gave none, its name. */
export function looksAccepted(choice: MediaChoice, file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return formatsOf(choice).some(
    (format) =>
      file.type === format.type ||
      // Some systems call HEIC "image/heif", and give other formats no type at all.
      (format.type === 'image/heic' && file.type === 'image/heif') ||
      ((file.type === '' || file.type === 'application/octet-stream') &&
        format.extensions.some((extension) => name.endsWith(extension))),
  );
}

/** The refusal of a file over the limit, as the server words its 413. */
export const tooLargeRefusal = (maxBytes: number) => `The file is too large. The limit is ${megabytes(maxBytes)}.`;

/** "50 MB", "5 MB", "1.5 MB". */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

const list = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/**
 * "JPEG, PNG, GIF, WebP or HEIC photos, or MP4, MOV or WebM videos, up to 50 MB": beside the
 * control and in the refusal (without the limit while a page has not learnt it yet).
 */
export function acceptedMediaText(choice: MediaChoice, maxBytes?: number): string {
  const photos = `${list(photoFormats.map((format) => format.name))} photos`;
  const videos = `${list(videoFormats.map((format) => format.name))} videos`;
  const formats = choice === 'photo' ? photos : `${photos}, or ${videos}`;
  return maxBytes === undefined ? formats : `${formats}, up to ${megabytes(maxBytes)}`;
}

/** The refusal of a file that is none of the formats (the server's, and the page's before it sends). */
export function mediaRefusal(choice: MediaChoice, maxBytes?: number): string {
  return `${choice === 'photo' ? 'Please choose a photo' : 'Please choose a photo or a video'}: ${acceptedMediaText(choice, maxBytes)}.`;
}
