import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DamagedMedia } from './media-damage.js';

/*
 * HEIC (an iPhone's photos) decoded by libheif compiled to WebAssembly (libheif-js): sharp's
 * prebuilt libvips reads HEIF only with AV1 inside (AVIF), not HEVC. Decoding a 12-megapixel photo
 * takes a second of CPU in WebAssembly, which would stop every other request, so each decode runs
 * in a worker thread, one at a time. libheif applies the file's rotation and mirroring (`irot`,
 * `imir`), so the pixels come back as the photo is meant to be seen.
 */

// Resolved here, so the worker (which runs from a string, in dev, tests and the build alike) loads the same copy.
const LIBHEIF = createRequire(import.meta.url).resolve('libheif-js/wasm-bundle');

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
parentPort.once('message', async ({ bytes, maxPixels }) => {
  const decoder = new libheif.HeifDecoder();
  try {
    const images = decoder.decode(new Uint8Array(bytes));
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) return parentPort.postMessage({ error: 'no image in the file' });
    const width = image.get_width();
    const height = image.get_height();
    if (width * height > maxPixels) return parentPort.postMessage({ error: 'too many pixels', tooLarge: true });
    const pixels = await new Promise((resolve) =>
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, resolve),
    );
    if (!pixels) return parentPort.postMessage({ error: 'the image data could not be decoded' });
    parentPort.postMessage({ width, height, data: pixels.data.buffer }, [pixels.data.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

type Answer = { width: number; height: number; data: ArrayBuffer } | { error: string; tooLarge?: boolean };

/** An image too large to decode: more than the allowed pixels. */
export class TooManyPixels extends Error {}

let queue: Promise<unknown> = Promise.resolve();

/** The primary image of a HEIC file as RGBA pixels, turned for display. */
export function decodeHeic(
  bytes: Buffer,
  options: { maxPixels: number; timeoutMs: number },
): Promise<{ width: number; height: number; rgba: Buffer }> {
  const run = () => decodeInWorker(bytes, options);
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

function decodeInWorker(
  bytes: Buffer,
  { maxPixels, timeoutMs }: { maxPixels: number; timeoutMs: number },
): Promise<{ width: number; height: number; rgba: Buffer }> {
  return new Promise((resolve, reject) => {
    // stdout/stderr piped and drained: libheif prints its complaints about a damaged file.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { libheif: LIBHEIF },
      // Not the process's flags: a loader or `--input-type=module` would make the CommonJS source above fail.
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new DamagedMedia('decoding took too long'))), timeoutMs);
    worker.once('message', (answer: Answer) =>
      finish(() => {
        if ('error' in answer)
          reject(answer.tooLarge ? new TooManyPixels(answer.error) : new DamagedMedia(answer.error));
        else resolve({ width: answer.width, height: answer.height, rgba: Buffer.from(answer.data) });
      }),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`the HEIC worker stopped (${code})`))));
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    worker.postMessage({ bytes: copy, maxPixels }, [copy as ArrayBuffer]);
  });
}
