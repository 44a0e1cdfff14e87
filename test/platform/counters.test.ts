import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../../server/platform/counters.js';

describe('the in-process counter store', () => {
  it('when a flood of other keys arrives, then a live count is kept (the old map was cleared whole at 10,000 entries)', async () => {
    let now = 0;
    const store = createMemoryCounterStore(() => now);
    for (let guess = 0; guess < 9; guess++)
      await store.increment('signin:network:account:victim@example.test', 15 * 60_000);

    for (let client = 0; client < 25_000; client++)
      await store.increment(
        `signin:network:client:10.${client >> 16}.${(client >> 8) & 255}.${client & 255}`,
        15 * 60_000,
      );
    now += 60_000;

    expect(await store.read('signin:network:account:victim@example.test')).toEqual({
      count: 9,
      resetInMs: 14 * 60_000,
    });
  });

  it('when a window ends, then its count starts again from one, and expired keys are swept', async () => {
    let now = 0;
    const store = createMemoryCounterStore(() => now);
    await store.increment('a', 1_000);
    await store.increment('a', 1_000);
    now += 1_000;

    expect(await store.read('a')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.increment('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });
});
