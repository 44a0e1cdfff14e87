import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

const FIXTURES = join(import.meta.dirname, '../fixtures/qti');

/**
 * A zip written byte by byte, so a test can give an entry any name and declare any size (what a
 * zip library refuses to write: `../`, a size that lies). Each entry deflated, or stored.
 */
export function rawZip(entries: { name: string; data: Buffer | string; declaredSize?: number; store?: boolean }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const packed = entry.store ? data : deflateRawSync(data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(entry.store ? 0 : 8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A folder of test/fixtures/qti as the zip a tool would send. */
export const zipFolder = (folder: string) => {
  const root = join(FIXTURES, folder);
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  return rawZip(
    files.map((f) => {
      const path = join(f.parentPath, f.name);
      return { name: path.slice(root.length + 1), data: readFileSync(path) };
    }),
  );
};

/** The files of a zip, by name. */
export function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const files = new Map<string, string>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(files));
      file.readEntry();
    });
  });
}
