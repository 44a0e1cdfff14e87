import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import { useAnswerQueue } from './answer-queue.js';
import { lmsToken } from './session.js';

/*
 * Issue 39: the exam log's timeline shows when a sitting was offline. The sitting's answer queue
 * knows: the span from the first failed send to the server answering again is told to the server
 * (POST /user/exam/events, event offline) once, with the answers that waited.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
  lmsToken.clear();
  localStorage.clear();
});

describe('the sitting’s answer queue', () => {
  it('when the connection drops while an answer is sent and comes back, then the answer goes and the offline span is told once', async () => {
    let online = false;
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (!online) throw new TypeError('Failed to fetch');
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ url: new URL(request.url).pathname, body });
        return request.url.endsWith('/user/exam/events')
          ? json({ message: 'Recorded' }, 201)
          : json({ recorded: true, questionId: 9, userAnswer: '५ mg', duplicate: false, attempt: {} });
      }),
    );
    lmsToken.set('header.e30.signature');
    const { result } = renderHook(() => useAnswerQueue(41, () => {}));
    await act(async () => result.current.enqueue(9, '५ mg'));
    await vi.waitFor(() => expect(result.current.offline).toBe(true));
    const wentAway = Date.now();

    online = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(result.current.pending).toEqual([]));
    await vi.waitFor(() => expect(sent.filter((s) => s.url === '/user/exam/events')).toHaveLength(1));

    const [answer] = sent.filter((s) => s.url === '/user/exam/submit');
    expect(answer?.body).toMatchObject({ questionId: 9, userAnswer: '५ mg' });
    const span = sent.find((s) => s.url === '/user/exam/events')?.body;
    expect(span).toMatchObject({ event: 'offline' });
    const from = Date.parse(String(span?.from));
    const to = Date.parse(String(span?.to));
    expect(from).toBeLessThanOrEqual(wentAway);
    expect(to).toBeGreaterThanOrEqual(from);
    // Nothing more to tell once it was told: a later answer goes through the same queue, and once it
    // is sent a second report would have gone before it.
    await act(async () => window.dispatchEvent(new Event('online')));
    await act(async () => result.current.enqueue(10, 'B'));
    await vi.waitFor(() => expect(sent.filter((s) => s.url === '/user/exam/submit')).toHaveLength(2));
    expect(sent.filter((s) => s.url === '/user/exam/events')).toHaveLength(1);
  });
});
