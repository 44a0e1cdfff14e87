import Fastify from 'fastify';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger, OneLinePerRequest } from '../../server/platform/request-log.js';

describe('the request log', () => {
  async function serverLogging() {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      loggerInstance: pino({ level: 'info' }, sink),
      logController: new OneLinePerRequest({ disableRequestLogging: (request) => request.url === '/healthz' }),
    });
    app.get('/things/:id', async () => ({ ok: true }));
    app.get('/healthz', async () => ({ ok: true }));
    await app.ready();
    return { app, lines };
  }

  it('when a request is answered, then one line says what was asked, the status and the time', async () => {
    const { app, lines } = await serverLogging();
    await app.inject({ method: 'GET', url: '/things/7?x=1' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/things/7?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]?.responseTime).toBe('number');
    expect(completed[1]).toMatchObject({ req: { url: '/nowhere' }, res: { statusCode: 404 } });
    await app.close();
  });

  it('when the health check is asked, then nothing is logged', async () => {
    const { app, lines } = await serverLogging();
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([]);
    await app.close();
  });

  it('when requests log nothing at the running level, then no child logger is made; a line at an enabled level carries its request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    let children = 0;
    const app = Fastify({
      loggerInstance: pino({ level: 'warn', onChild: () => void children++ }, sink),
      childLoggerFactory: lazyRequestLogger,
      logController: new OneLinePerRequest(),
    });
    app.get('/quiet', async (request) => {
      request.log.info('not at warn');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ detail: 'x' }, 'something to see');
      return { ok: true };
    });
    await app.ready();
    const atStart = children;
    for (let i = 0; i < 5; i++) expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children).toBe(atStart);
    expect(lines).toEqual([]);

    await app.inject('/loud');
    expect(children).toBe(atStart + 1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'something to see', detail: 'x', reqId: expect.any(String) }),
    ]);
    await app.close();
  });
});
