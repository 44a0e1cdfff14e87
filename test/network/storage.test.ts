import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, parseRange } from '../../server/platform/storage.js';

describe('media storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pathway-storage-test-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=0-1,5-6', undefined],
    [undefined, undefined],
  ])('when the Range header is %s on a 100-byte object, then the range is %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('when a file is stored, read in part and deleted, then the local disk follows', async () => {
    const storage = createLocalStorage(root);
    const source = join(root, 'upload.tmp');
    await writeFile(source, '0123456789');
    await storage.putFile('media/1-a-b.png', source, 10, 'image/png');

    expect(await storage.stat('media/1-a-b.png')).toEqual({ size: 10 });
    const part = await storage.read('media/1-a-b.png', { start: 2, end: 4 });
    expect(part && (await text(part))).toBe('234');
    await storage.delete('media/1-a-b.png');
    await storage.delete('media/1-a-b.png');
    expect(await storage.stat('media/1-a-b.png')).toBeUndefined();
    // Missing is an answer, given before any byte is sent, not a stream that fails later.
    expect(await storage.read('media/1-a-b.png')).toBeUndefined();
  });

  it('when a key is outside the declared stores, then nothing is stored (no backup would hold it)', async () => {
    const storage = createLocalStorage(root);
    const source = join(root, 'elsewhere.tmp');
    await writeFile(source, 'bytes');
    // @ts-expect-error -- a prefix not in STORED_FILE_PREFIXES is refused by the types too
    await expect(storage.putFile('thumbnails/1.png', source, 5, 'image/png')).rejects.toThrow(/declared stores/);
    await expect(storage.putFile('media-old/1.png' as 'media/1.png', source, 5, 'image/png')).rejects.toThrow(
      /declared stores/,
    );
    await expect(readdir(root)).resolves.not.toContain('thumbnails');
  });

  it('when a key could climb out of the storage root, then it is refused', async () => {
    const storage = createLocalStorage(root);
    await expect(storage.stat('../etc/passwd')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.stat('media/../../x')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.delete('/etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });
});
