import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { percentile, rssMegabytes } from './harness.js';

export type LiveResult = {
  subscribers: number;
  connected: number;
  posts: number;
  deliveries: number;
  missed: number;
  publishToReceiveP50Ms: number;
  publishToReceiveP99Ms: number;
  publishToReceiveMaxMs: number;
  serverRssIdleMb: number;
  serverRssConnectedMb: number;
  serverKbPerConnection: number;
};

type Options = {
  appUrl: string;
  pid: number | undefined;
  subscribers: number;
  posts: number;
  cookieOf(n: number): string;
  publisherCookie: string;
};

const CONNECT_BATCH = 250;
const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * N members hold the feed's event stream open (plain HTTP, like a browser's EventSource) while
 * posts are published one at a time; each post's text carries a marker, and each stream notes
 * when the marker arrives. Publish-to-receive is measured from sending the POST.
 */
export async function runLiveUpdates(options: Options): Promise<LiveResult> {
  const { appUrl, subscribers } = options;
  const url = new URL(appUrl);
  const serverRssIdleMb = await rssMegabytes(options.pid);
  const sentAt = new Map<string, number>();
  const received = new Map<string, number[]>();
  const openRequests: ClientRequest[] = [];
  const responses: IncomingMessage[] = [];
  let connected = 0;

  const subscribe = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/network/events',
          headers: { cookie: options.cookieOf(n), accept: 'text/event-stream' },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`subscriber ${n}: HTTP ${res.statusCode}`));
            res.resume();
            return;
          }
          responses.push(res);
          res.setEncoding('utf8');
          let pending = '';
          res.on('data', (chunk: string) => {
            pending += chunk;
            let end = pending.indexOf('\n\n');
            while (end >= 0) {
              const match = /"description":"(live-[0-9]+)"/.exec(pending.slice(0, end));
              if (match?.[1]) {
                const at = performance.now();
                const started = sentAt.get(match[1]);
                if (started !== undefined) received.get(match[1])?.push(at - started);
              }
              pending = pending.slice(end + 2);
              end = pending.indexOf('\n\n');
            }
          });
          // The stream's first line (retry + id) arrives at once: the subscription is live.
          res.once('data', () => {
            connected++;
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end();
      openRequests.push(req);
    });

  try {
    for (let first = 1; first <= subscribers; first += CONNECT_BATCH) {
      const batch = [];
      for (let n = first; n < first + CONNECT_BATCH && n <= subscribers; n++) batch.push(subscribe(n));
      await Promise.all(batch);
    }
    // Let the server settle after the burst of connections before reading its memory.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const serverRssConnectedMb = await rssMegabytes(options.pid);

    for (let k = 1; k <= options.posts; k++) {
      const marker = `live-${k}`;
      received.set(marker, []);
      const form = new FormData();
      form.set('description', marker);
      sentAt.set(marker, performance.now());
      const response = await fetch(`${appUrl}/api/network/posts`, {
        method: 'POST',
        headers: { cookie: options.publisherCookie, origin: appUrl },
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`publishing failed: HTTP ${response.status} ${await response.text()}`);
      const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
      while (received.get(marker)!.length < connected && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }

    const samples = [...received.values()].flat().sort((a, b) => a - b);
    const expected = connected * options.posts;
    return {
      subscribers,
      connected,
      posts: options.posts,
      deliveries: samples.length,
      missed: expected - samples.length,
      publishToReceiveP50Ms: Math.round(percentile(samples, 50) * 10) / 10,
      publishToReceiveP99Ms: Math.round(percentile(samples, 99) * 10) / 10,
      publishToReceiveMaxMs: Math.round((samples.at(-1) ?? 0) * 10) / 10,
      serverRssIdleMb,
      serverRssConnectedMb,
      serverKbPerConnection: connected ? Math.round(((serverRssConnectedMb - serverRssIdleMb) * 1024) / connected) : 0,
    };
  } finally {
    for (const res of responses) res.destroy();
    for (const req of openRequests) req.destroy();
  }
}
