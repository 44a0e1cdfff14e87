import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What is compressed as it is sent (decision 049): the pages' HTML and the API's JSON, and the
 * other text answers (CSV and XML exports, plain text). The plugin adds the types mime-db marks
 * compressible (a built script or stylesheet without its precompressed copy, SVG, and the
 * `application/octet-stream` of a stored file with an unknown extension); the media and documents
 * themselves (JPEG, PNG, MP4, PDF) are not. Never an event stream: the feed's and the exam's live
 * events must reach the browser as each is written, and a compressor holds them back until its
 * buffer fills (they are hijacked writes, which no hook sees, and their type is not compressible).
 */
export const COMPRESSED_TYPES = /^(?:text\/(?:html|plain|csv)|application\/(?:[\w.-]+\+)?(?:json|xml))\s*(?:;|$)/i;

/** Smaller answers go as they are: the encoding's overhead and the CPU are not worth a few hundred bytes. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The API's answers, compressed on every request (a feed page, a case's progress, a list): Brotli
 * at quality 2. On a feed page of 10.7 KB it took 60 µs of CPU against quality 4's 107 µs (about a
 * third of the whole request's own cost), for 2,309 bytes against 2,143; on a comments page 33 µs
 * against 71, for 1,437 bytes against 1,325 (docs/performance.md). Quality 1 saves little more CPU
 * and loses as much again in size.
 */
const ANSWER_BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } };
/** The first pages' HTML keeps quality 4: larger, and on the way to the first paint, where every byte waits. */
const PAGE_BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 4 };

/**
 * Compresses the answers a client accepts compressed (`Accept-Encoding`), at a cheap level: Brotli
 * at quality 2 (see ANSWER_BROTLI_OPTIONS; 11 costs tens of times more), else gzip at level 4. A
 * client that asks for none gets them plain. Registered before every route: the plugin adds its
 * hook to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Each route's own onSend hooks, counted before the plugin adds its own after them.
  const ownOnSend = new WeakMap<object, number>();
  app.addHook('onRoute', (route) => {
    ownOnSend.set(route, onSendHooks(route.onSend).length);
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSED_TYPES,
    brotliOptions: ANSWER_BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    // Requests are read as sent: a compressed request body is not something the API accepts.
    globalDecompression: false,
  });
  /*
   * The plugin's onSend reads three answer headers and tests the type before it looks at
   * Accept-Encoding: 4.7 µs of CPU per answer in the profile, on every answer of a client that asks
   * for no encoding (scripts, probes, the bench), only to send it as it is, as the plugin then does.
   * Such a request now skips it; any request with an Accept-Encoding header, whatever it says, goes
   * through the plugin as before.
   */
  app.addHook('onRoute', (route) => {
    const hooks = onSendHooks(route.onSend);
    const own = ownOnSend.get(route) ?? hooks.length;
    route.onSend = [
      ...hooks.slice(0, own),
      ...hooks.slice(own).map(
        (pluginHook): onSendHookHandler =>
          function onSendUnlessPlain(request, reply, payload, done) {
            if (request.headers['accept-encoding'] === undefined) return done(null, payload);
            return pluginHook.call(this, request, reply, payload, done);
          },
      ),
    ];
  });
}

function onSendHooks(hooks: onSendHookHandler | onSendHookHandler[] | undefined): onSendHookHandler[] {
  return Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
}

/** The encoding a client accepts, Brotli first (`Accept-Encoding`, RFC 9110: `q=0` refuses one, `*` accepts any). */
export function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (name) accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return weight('br') > 0 ? 'br' : weight('gzip') > 0 ? 'gzip' : undefined;
}

/**
 * A page sent by the not-found handler (the addresses the browser's router draws, and the first
 * pages drawn on the server), which is no route, so the plugin's hook never sees it: compressed
 * here with the same threshold, and Brotli at the pages' quality (PAGE_BROTLI_OPTIONS).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  // Whatever this client got, a cache must not give it to one that accepts another encoding.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || Buffer.byteLength(html) < COMPRESSION_THRESHOLD_BYTES) return reply.send(html);
  const body = encoding === 'br' ? brotliCompressSync(html, PAGE_BROTLI_OPTIONS) : gzipSync(html, GZIP_OPTIONS);
  return reply.header('content-encoding', encoding).send(body);
}
