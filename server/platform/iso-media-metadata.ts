import type { FileHandle } from 'node:fs/promises';
import { DamagedMedia, zeroRange } from './media-damage.js';

/*
 * Removes location and device metadata from an MP4 or MOV file in place, without re-encoding and
 * without moving a byte: each metadata box becomes a `free` box of the same size with its content
 * zeroed, so every chunk offset in the file stays right. What goes:
 * - `udta` (QuickTime's ©xyz position, ©mak/©mod make and model, 3GPP `loci`, XMP_), `meta`
 *   (the QuickTime keys an iPhone writes: com.apple.quicktime.location.ISO6709, make, model,
 *   software; Android's com.android.version) and `uuid` boxes (XMP, cameras' own records), at the
 *   top level, in `moov` and in every track;
 * - timed metadata tracks (handler `meta` or `camm`: an action camera's GPS track, an iPhone's
 *   per-frame records): the track's box and the bytes of its samples;
 * - whatever an earlier editor left inside `free`, `skip` and `wide` boxes.
 * On the way it checks the file is whole: every box inside its parent, a `moov`, and every sample
 * of every track inside the file, so a video cut off mid-upload is refused rather than stored.
 */

// The boxes inside `moov` that hold other boxes and are walked.
const CONTAINERS = new Set(['trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'mvex']);
const METADATA = new Set(['udta', 'meta', 'uuid']);
const FILLER = new Set(['free', 'skip', 'wide']);
// Track handlers whose samples are metadata rather than picture or sound.
const METADATA_TRACKS = new Set(['meta', 'camm']);
// A moov larger than this is no phone's (a two-hour film's is a few megabytes).
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

type Box = { type: string; start: number; header: number; end: number };
type Extent = { start: number; end: number };
type Track = { handler: string; box: Box; samples: Extent[] };

/** The boxes directly inside `[start, end)` of `bytes`; a box that runs past `end` means the file is damaged. */
function boxesIn(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at < end) {
    // QuickTime may end a list of atoms with four zero bytes.
    if (end - at < 8) {
      if (bytes.subarray(at, end).every((byte) => byte === 0)) break;
      throw new DamagedMedia('a box is cut short');
    }
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) throw new DamagedMedia('a box is cut short');
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new DamagedMedia('a box runs past its end');
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, header, end: at + size });
    at += size;
  }
  return boxes;
}

/** The file's top-level boxes, reading only their headers; a box running past the end of the file means it was cut off. */
async function topLevelBoxes(file: FileHandle, fileSize: number): Promise<Box[]> {
  const boxes: Box[] = [];
  const head = Buffer.alloc(16);
  let at = 0;
  while (at < fileSize) {
    const { bytesRead } = await file.read(head, 0, 16, at);
    if (bytesRead < 8) throw new DamagedMedia('the file ends inside a box header');
    let size = head.readUInt32BE(0);
    let header = 8;
    if (size === 1) {
      if (bytesRead < 16) throw new DamagedMedia('the file ends inside a box header');
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) {
      size = fileSize - at;
    }
    if (size < header || at + size > fileSize) throw new DamagedMedia('the file ends inside a box');
    boxes.push({ type: head.toString('latin1', 4, 8), start: at, header, end: at + size });
    at += size;
  }
  return boxes;
}

/** Turns a box into a `free` box of the same size (its size field stays, its content becomes zeros). */
function freeBox(bytes: Buffer, box: Box, base = 0): void {
  bytes.write('free', box.start - base + 4, 'latin1');
  bytes.fill(0, box.start - base + box.header, box.end - base);
}

/** Where each sample of a track lies in the file, chunk by chunk, from its sample table. */
function sampleExtents(bytes: Buffer, stbl: Box): Extent[] {
  const children = boxesIn(bytes, stbl.start + stbl.header, stbl.end);
  const find = (type: string) => children.find((box) => box.type === type);
  const stco = find('stco');
  const co64 = find('co64');
  const stsc = find('stsc');
  const stsz = find('stsz');
  const stz2 = find('stz2');
  const offsetsBox = stco ?? co64;
  // A fragmented file keeps its samples in `moof` boxes, with an empty table here.
  if (!offsetsBox || !stsc || !(stsz ?? stz2)) return [];
  const u32 = (at: number) => {
    if (at + 4 > stbl.end) throw new DamagedMedia('a sample table is cut short');
    return bytes.readUInt32BE(at);
  };

  const chunkCount = u32(offsetsBox.start + offsetsBox.header + 4);
  const offsetAt = (index: number) => {
    const first = offsetsBox.start + offsetsBox.header + 8;
    if (stco) return u32(first + index * 4);
    const at = first + index * 8;
    if (at + 8 > offsetsBox.end) throw new DamagedMedia('a sample table is cut short');
    return Number(bytes.readBigUInt64BE(at));
  };

  let sampleCount: number;
  let sizeOf: (index: number) => number;
  if (stsz) {
    const fixed = u32(stsz.start + stsz.header + 4);
    sampleCount = u32(stsz.start + stsz.header + 8);
    sizeOf = fixed !== 0 ? () => fixed : (index) => u32(stsz.start + stsz.header + 12 + index * 4);
  } else {
    const box = stz2 as Box;
    const fieldSize = bytes[box.start + box.header + 7] ?? 0;
    sampleCount = u32(box.start + box.header + 8);
    const first = box.start + box.header + 12;
    sizeOf = (index) => {
      if (fieldSize === 16) return bytes.readUInt16BE(first + index * 2);
      if (fieldSize === 8) return bytes[first + index] ?? 0;
      const byte = bytes[first + (index >> 1)] ?? 0;
      return index % 2 === 0 ? byte >> 4 : byte & 15;
    };
  }

  const runs = u32(stsc.start + stsc.header + 4);
  const run = (index: number) => {
    const at = stsc.start + stsc.header + 8 + index * 12;
    return { firstChunk: u32(at), samplesPerChunk: u32(at + 4) };
  };

  const extents: Extent[] = [];
  let sample = 0;
  let runIndex = 0;
  for (let chunk = 1; chunk <= chunkCount; chunk++) {
    while (runIndex + 1 < runs && run(runIndex + 1).firstChunk <= chunk) runIndex++;
    const perChunk = runs === 0 ? 0 : run(runIndex).samplesPerChunk;
    if (sample + perChunk > sampleCount) throw new DamagedMedia('the sample table names more samples than there are');
    let size = 0;
    for (let i = 0; i < perChunk; i++) size += sizeOf(sample + i);
    sample += perChunk;
    const start = offsetAt(chunk - 1);
    extents.push({ start, end: start + size });
  }
  return extents;
}

/** Frees the metadata inside a container of `moov` (a track, its media, ...), collecting what a track needs. */
function cleanContainer(bytes: Buffer, container: Box, track: { handler?: string; stbl?: Box }): void {
  for (const box of boxesIn(bytes, container.start + container.header, container.end)) {
    if (METADATA.has(box.type)) freeBox(bytes, box);
    else if (FILLER.has(box.type)) bytes.fill(0, box.start + box.header, box.end);
    else if (box.type === 'hdlr' && container.type === 'mdia' && box.end - box.start >= box.header + 12)
      track.handler = bytes.toString('latin1', box.start + box.header + 8, box.start + box.header + 12);
    else if (box.type === 'stbl') {
      track.stbl = box;
    }
    if (CONTAINERS.has(box.type)) cleanContainer(bytes, box, track);
  }
}

/**
 * Strips the metadata of the MP4 or MOV file open in `file` (read and write) in place; throws
 * DamagedMedia when the file is cut off or is not a movie with picture or sound.
 */
export async function stripIsoMediaMetadata(file: FileHandle): Promise<void> {
  const { size: fileSize } = await file.stat();
  const top = await topLevelBoxes(file, fileSize);
  const movies = top.filter((box) => box.type === 'moov');
  if (movies.length !== 1) throw new DamagedMedia(movies.length === 0 ? 'there is no moov box' : 'two moov boxes');
  const moovBox = movies[0] as Box;
  const moovSize = moovBox.end - moovBox.start;
  if (moovSize > MAX_MOOV_BYTES) throw new DamagedMedia('the moov box is too large');
  const moov = Buffer.alloc(moovSize);
  await file.read(moov, 0, moovSize, moovBox.start);
  const local: Box = { ...moovBox, start: 0, end: moovSize };

  const tracks: Track[] = [];
  for (const box of boxesIn(moov, local.header, local.end)) {
    if (METADATA.has(box.type)) freeBox(moov, box);
    else if (FILLER.has(box.type)) moov.fill(0, box.start + box.header, box.end);
    else if (box.type === 'trak') {
      const found: { handler?: string; stbl?: Box } = {};
      cleanContainer(moov, box, found);
      tracks.push({
        handler: found.handler ?? '',
        box,
        samples: found.stbl ? sampleExtents(moov, found.stbl) : [],
      });
    } else if (CONTAINERS.has(box.type)) cleanContainer(moov, box, {});
  }
  if (!tracks.some((track) => track.handler === 'vide' || track.handler === 'soun'))
    throw new DamagedMedia('no picture or sound track');
  for (const track of tracks) {
    if (track.samples.some((extent) => extent.end > fileSize)) throw new DamagedMedia('samples lie past the end');
  }

  const metadataTracks = tracks.filter((track) => METADATA_TRACKS.has(track.handler));
  for (const track of metadataTracks) freeBox(moov, track.box);
  await file.write(moov, 0, moovSize, moovBox.start);
  for (const track of metadataTracks) {
    for (const extent of track.samples) await zeroRange(file, extent.start, extent.end);
  }
  for (const box of top) {
    if (METADATA.has(box.type)) {
      await file.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4);
      await zeroRange(file, box.start + box.header, box.end);
    } else if (FILLER.has(box.type)) {
      await zeroRange(file, box.start + box.header, box.end);
    }
  }
}
