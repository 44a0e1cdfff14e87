import type { CounterStore } from '../platform/counters.js';
import { AppError } from '../platform/errors.js';

const HOUR_MS = 60 * 60_000;

/**
 * What one member may use, whatever addresses they come from: files uploaded per hour (shared
 * through the counter store, so across instances with Redis) and event streams open at once
 * (a stream is a connection to one instance, so this count is per instance).
 */
export function createMemberLimits(counters: CounterStore, limits: { uploadsPerHour: number; openStreams: number }) {
  const openStreams = new Map<string, number>();
  const uploadsKey = (memberId: string) => `member:${memberId}:uploads`;
  return {
    /**
     * Counts one received file; past the hourly limit the upload is refused (its file discarded)
     * while text posts still go through. Each request's bytes are bounded by UPLOAD_MAX_BYTES and
     * the member's request rate.
     */
    async countUpload(memberId: string): Promise<void> {
      const window = await counters.increment(uploadsKey(memberId), HOUR_MS);
      if (window.count <= limits.uploadsPerHour) return;
      const minutes = Math.max(1, Math.ceil(window.resetInMs / 60_000));
      throw new AppError(
        429,
        `You have uploaded ${limits.uploadsPerHour} files in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },
    /** Takes one of the member's stream slots; the returned function gives it back (once). */
    openStream(memberId: string): () => void {
      const open = openStreams.get(memberId) ?? 0;
      if (open >= limits.openStreams) {
        throw new AppError(
          429,
          `Too many live connections are open (${limits.openStreams}). Close another tab and try again.`,
        );
      }
      openStreams.set(memberId, open + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (openStreams.get(memberId) ?? 1) - 1;
        if (left > 0) openStreams.set(memberId, left);
        else openStreams.delete(memberId);
      };
    },
  };
}
