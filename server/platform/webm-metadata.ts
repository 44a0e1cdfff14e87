import type { FileHandle } from 'node:fs/promises';
import { DamagedMedia } from './media-damage.js';

/*
 * Removes the metadata of a WebM file in place, without re-encoding and without moving a byte:
 * `Tags` (a position, a device, an encoder, as apps write them), `Attachments` (a cover picture
 * with its own EXIF) and the segment's `Title` become `Void` elements of the same length, and the
 * `SeekHead` entries that pointed at them go too. On the way it checks the file is whole: every
 * element inside its parent and the file, tracks, and at least one cluster of frames. A browser's
 * MediaRecorder writes the segment and its clusters with unknown sizes; those are walked frame by
 * frame to the next cluster.
 */

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  title: 0x7ba9,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  void: 0xec,
} as const;

const SEGMENT_CHILDREN = new Set<number>([
  ID.seekHead,
  ID.info,
  ID.tracks,
  ID.cluster,
  ID.cues,
  ID.chapters,
  ID.tags,
  ID.attachments,
]);
const REMOVED = new Set<number>([ID.tags, ID.attachments]);

type Element = { id: number; start: number; dataStart: number; end: number | undefined };
type Extent = { start: number; end: number };

/** Reads a file through a 64 KB window, so walking a recording's frames costs few reads. */
class Reader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  constructor(
    private readonly file: FileHandle,
    readonly size: number,
  ) {}

  async bytes(at: number, length: number): Promise<Buffer> {
    if (at < this.windowStart || at + length > this.windowStart + this.window.length) {
      const buffer = Buffer.alloc(Math.max(64 * 1024, length));
      const { bytesRead } = await this.file.read(buffer, 0, buffer.length, at);
      this.window = buffer.subarray(0, bytesRead);
      this.windowStart = at;
    }
    const from = at - this.windowStart;
    return this.window.subarray(from, Math.min(from + length, this.window.length));
  }

  /** The element whose header starts at `at`; `end` is undefined for an unknown size. */
  async element(at: number): Promise<Element> {
    const head = await this.bytes(at, 12);
    const first = head[0] ?? 0;
    const idLength = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
    if (idLength === 0 || head.length < idLength + 1) throw new DamagedMedia('an element header is cut short');
    const id = head.readUIntBE(0, idLength);
    const sizeFirst = head[idLength] ?? 0;
    const sizeLength = sizeFirst === 0 ? 0 : 9 - sizeFirst.toString(2).length;
    if (sizeLength === 0 || head.length < idLength + sizeLength) throw new DamagedMedia('an element size is cut short');
    let size = BigInt(sizeFirst & (0xff >> sizeLength));
    let allOnes = (sizeFirst & (0xff >> sizeLength)) === 0xff >> sizeLength;
    for (let i = 1; i < sizeLength; i++) {
      const byte = head[idLength + i] ?? 0;
      size = (size << 8n) | BigInt(byte);
      allOnes &&= byte === 0xff;
    }
    const dataStart = at + idLength + sizeLength;
    if (allOnes) return { id, start: at, dataStart, end: undefined };
    if (size > BigInt(Number.MAX_SAFE_INTEGER)) throw new DamagedMedia('an element is impossibly large');
    return { id, start: at, dataStart, end: dataStart + Number(size) };
  }

  /** The elements directly inside `[start, end)`, each of known size and inside it. */
  async children(start: number, end: number): Promise<Element[]> {
    const found: Element[] = [];
    for (let at = start; at < end;) {
      const element = await this.element(at);
      if (element.end === undefined || element.end > end) throw new DamagedMedia('an element runs past its parent');
      found.push(element);
      at = element.end;
    }
    return found;
  }
}

/** Where a cluster of unknown size ends: at the next element of the segment's own kinds, or the segment's end. */
async function endOfOpenCluster(reader: Reader, from: number, segmentEnd: number): Promise<number> {
  let at = from;
  while (at < segmentEnd) {
    const element = await reader.element(at);
    if (SEGMENT_CHILDREN.has(element.id)) return at;
    if (element.end === undefined || element.end > segmentEnd) throw new DamagedMedia('a frame is cut off');
    at = element.end;
  }
  return at;
}

/** The bytes of a `Void` element exactly `length` long (at least 2), its content zeros. */
function voidElement(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  bytes[0] = ID.void;
  const sizeLength = Math.min(8, length - 1);
  const dataLength = BigInt(length - 1 - sizeLength);
  const size = (1n << BigInt(7 * sizeLength)) | dataLength;
  for (let i = 0; i < sizeLength; i++) bytes[1 + i] = Number((size >> BigInt(8 * (sizeLength - 1 - i))) & 0xffn);
  return bytes;
}

/**
 * Strips the metadata of the WebM file open in `file` (read and write) in place; throws
 * DamagedMedia when the file is cut off or is not a WebM movie.
 */
export async function stripWebmMetadata(file: FileHandle): Promise<void> {
  const { size } = await file.stat();
  const reader = new Reader(file, size);
  const header = await reader.element(0);
  if (header.id !== ID.ebml || header.end === undefined || header.end > size) throw new DamagedMedia('no EBML header');
  const docType = (await reader.children(header.dataStart, header.end)).find((element) => element.id === ID.docType);
  if (!docType?.end) throw new DamagedMedia('no document type');
  const type = (await reader.bytes(docType.dataStart, docType.end - docType.dataStart)).toString('latin1');
  if (type.replace(/\0+$/, '') !== 'webm') throw new DamagedMedia(`document type ${type}`);

  let segment: Element | undefined;
  for (let at = header.end; at < size && !segment;) {
    const element = await reader.element(at);
    if (element.id === ID.segment) segment = element;
    else if (element.end === undefined) throw new DamagedMedia('an element of unknown size before the segment');
    else at = element.end;
  }
  if (!segment) throw new DamagedMedia('no segment');
  const segmentEnd = segment.end ?? size;
  if (segmentEnd > size) throw new DamagedMedia('the segment is cut off');

  const removed: Extent[] = [];
  let tracks = false;
  let clusters = 0;
  for (let at = segment.dataStart; at < segmentEnd;) {
    const element = await reader.element(at);
    if (element.end === undefined) {
      if (element.id !== ID.cluster) throw new DamagedMedia('an element of unknown size');
      clusters++;
      at = await endOfOpenCluster(reader, element.dataStart, segmentEnd);
      continue;
    }
    if (element.end > segmentEnd) throw new DamagedMedia('the file ends inside an element');
    if (REMOVED.has(element.id)) removed.push(element as Extent);
    else if (element.id === ID.tracks) tracks = true;
    else if (element.id === ID.cluster) clusters++;
    else if (element.id === ID.info) {
      for (const part of await reader.children(element.dataStart, element.end))
        if (part.id === ID.title) removed.push(part as Extent);
    } else if (element.id === ID.seekHead) {
      for (const seek of await reader.children(element.dataStart, element.end)) {
        if (seek.id !== ID.seek || seek.end === undefined) continue;
        const target = (await reader.children(seek.dataStart, seek.end)).find((part) => part.id === ID.seekId);
        if (!target?.end) continue;
        const named = await reader.bytes(target.dataStart, target.end - target.dataStart);
        if (named.length > 0 && named.length <= 4 && REMOVED.has(named.readUIntBE(0, named.length)))
          removed.push(seek as Extent);
      }
    }
    at = element.end;
  }
  if (!tracks) throw new DamagedMedia('no tracks');
  if (clusters === 0) throw new DamagedMedia('no frames');

  for (const extent of removed) {
    const replacement = voidElement(extent.end - extent.start);
    await file.write(replacement, 0, replacement.length, extent.start);
  }
}
