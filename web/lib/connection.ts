/**
 * Whether the service can be reached, for every screen at once. A request that cannot reach the
 * server (or is answered 502/503/504 by it or a proxy in front of it) marks the service away; from
 * then on `/readyz` is asked after a pause that doubles up to a maximum, and its first good answer
 * marks the service back, so screens refetch and failed page chunks load again by themselves.
 */

type Listener = () => void;

export type ConnectionState = 'reachable' | 'unreachable';

// The first probe comes soon (a restart takes seconds); later ones spread out to spare a server that is coming up.
const FIRST_PROBE_DELAY_MS = 1_000;
const MAX_PROBE_DELAY_MS = 8_000;

let state: ConnectionState = 'reachable';
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = FIRST_PROBE_DELAY_MS;
const listeners = new Set<Listener>();
const recoveryListeners = new Set<Listener>();

function setState(next: ConnectionState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
  if (next === 'reachable') for (const listener of recoveryListeners) listener();
}

async function probe(): Promise<void> {
  probeTimer = undefined;
  try {
    const response = await fetch('/readyz', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (response.ok) {
      markReachable();
      return;
    }
  } catch {
    // still away
  }
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || state === 'reachable') return;
  probeTimer = setTimeout(() => void probe(), probeDelay);
  probeDelay = Math.min(probeDelay * 2, MAX_PROBE_DELAY_MS);
}

/** A request could not reach the service: screens say so and a probe starts. */
export function markUnreachable(): void {
  setState('unreachable');
  scheduleProbe();
}

/** An answer came back: the service is there (again). */
export function markReachable(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeDelay = FIRST_PROBE_DELAY_MS;
  setState('reachable');
}

/** Asks at once instead of waiting for the next probe ("Try again now"). */
export function probeNow(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  void probe();
}

export const connectionState = (): ConnectionState => state;

/** For `useSyncExternalStore`. */
export function subscribeToConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called each time the service comes back after being away. */
export function onReconnected(listener: Listener): () => void {
  recoveryListeners.add(listener);
  return () => recoveryListeners.delete(listener);
}

// The browser knows when its own network is back: ask then, rather than at the next spaced-out probe.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (state !== 'reachable') probeNow();
  });
}
