import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripIsoMediaMetadata } from '../../server/platform/iso-media-metadata.js';
import { DamagedMedia } from '../../server/platform/media-damage.js';

/*
 * What the corpus's phone files do not have: a timed metadata track (an action camera's GPS track,
 * handler `meta`), a 64-bit box size, QuickTime's zero terminator after a list of atoms, and sample
 * tables that point past the file. Built box by box here.
 */

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
/** A box written with the 64-bit size form (size field 1, then the size). */
function largeBox(type: string, content: Buffer): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + content.length), 8);
  return Buffer.concat([head, content]);
}
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
const u32s = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => bytes.writeUInt32BE(value, i * 4));
  return bytes;
};

/** A track of `handler` whose samples (two per chunk) are at `offsets`, each chunk `chunkBytes` long. */
function track(handler: string, offsets: number[], chunkBytes: number, extra: Buffer[] = []): Buffer {
  const samples = offsets.length * 2;
  return box(
    'trak',
    fullBox('tkhd', Buffer.alloc(80)),
    box(
      'mdia',
      fullBox('mdhd', Buffer.alloc(20)),
      fullBox('hdlr', u32s(0), Buffer.from(handler, 'latin1'), Buffer.alloc(13)),
      box(
        'minf',
        box(
          'stbl',
          fullBox('stsd', u32s(0)),
          fullBox('stsc', u32s(1, 1, 2, 1)),
          fullBox('stsz', u32s(0, samples), u32s(...Array.from({ length: samples }, () => chunkBytes / 2))),
          fullBox('stco', u32s(offsets.length, ...offsets)),
        ),
      ),
    ),
    ...extra,
  );
}

const GPS = Buffer.from('GPS 37.7749 N 122.4194 W', 'latin1');
const PICTURE = Buffer.alloc(24, 0x5a);

/** ftyp, moov (video track, GPS track, udta with ©xyz ended by a zero terminator), mdat (64-bit size). */
function cameraFile(options: { gpsOffsetShift?: number } = {}): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), u32s(0x200), Buffer.from('isom'));
  const udta = box('udta', box('\u00a9xyz', Buffer.from('+37.7749-122.4194/', 'latin1')), Buffer.alloc(4));
  const moovFor = (mdatData: number) =>
    box(
      'moov',
      fullBox('mvhd', Buffer.alloc(96)),
      track('vide', [mdatData], PICTURE.length),
      track('meta', [mdatData + PICTURE.length + (options.gpsOffsetShift ?? 0)], GPS.length, [
        box('udta', box('name', Buffer.from('GoPro MET'))),
      ]),
      udta,
    );
  const mdatData = ftyp.length + moovFor(0).length + 16;
  return Buffer.concat([ftyp, moovFor(mdatData), largeBox('mdat', Buffer.concat([PICTURE, GPS]))]);
}

describe('MP4 metadata removed in place', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pathway-iso-media-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function strip(bytes: Buffer): Promise<Buffer> {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.mp4`);
    await writeFile(path, bytes);
    const file = await open(path, 'r+');
    try {
      await stripIsoMediaMetadata(file);
    } finally {
      await file.close();
    }
    return readFile(path);
  }

  it('when a camera file has a GPS track, then the track and its samples are gone and the picture is untouched', async () => {
    const original = cameraFile();
    const cleaned = await strip(original);

    expect(cleaned.length).toBe(original.length);
    expect(cleaned.includes(GPS)).toBe(false);
    expect(cleaned.includes(Buffer.from('37.7749'))).toBe(false);
    expect(cleaned.includes(Buffer.from('GoPro'))).toBe(false);
    expect(cleaned.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(false);
    expect(cleaned.includes(Buffer.from('hdlr\0\0\0\0\0\0\0\0meta', 'latin1'))).toBe(false);
    // The picture's track and bytes are where they were.
    expect(cleaned.includes(Buffer.from('vide'))).toBe(true);
    expect(cleaned.indexOf(PICTURE)).toBe(original.indexOf(PICTURE));
  });

  it('when a sample table points past the end of the file (cut off), then it is refused as damaged', async () => {
    await expect(strip(cameraFile({ gpsOffsetShift: 1000 }))).rejects.toBeInstanceOf(DamagedMedia);
  });

  it('when there is no picture or sound track, then it is refused as damaged', async () => {
    const ftyp = box('ftyp', Buffer.from('isom'), u32s(0x200), Buffer.from('isom'));
    const moov = box('moov', fullBox('mvhd', Buffer.alloc(96)));
    await expect(strip(Buffer.concat([ftyp, moov, box('mdat', GPS)]))).rejects.toBeInstanceOf(DamagedMedia);
  });

  it('when a box claims more bytes than its parent holds, then it is refused as damaged', async () => {
    const file = cameraFile();
    const moovAt = file.indexOf(Buffer.from('moov')) - 4;
    const trakAt = file.indexOf(Buffer.from('trak')) - 4;
    file.writeUInt32BE(file.readUInt32BE(moovAt) + 1, trakAt);
    await expect(strip(file)).rejects.toBeInstanceOf(DamagedMedia);
  });
});
