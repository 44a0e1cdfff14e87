/** One Server-Sent Event as a browser's EventSource would see it. */
export type StreamEvent = { id?: string; event?: string; data?: string };

/**
 * Reads a `text/event-stream` body to its end (or until aborted), calling `onEvent` for every
 * named event and remembering the last id, exactly as EventSource parses the stream.
 */
export async function readEventStream(
  body: NonNullable<Response['body']>,
  onEvent: (event: StreamEvent) => void,
  onId: (id: string) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: StreamEvent = {};
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          if (field === 'id' || field === 'event' || field === 'data') event[field] = rest.join(': ');
        }
        if (event.id !== undefined) onId(event.id);
        if (event.event) onEvent(event);
      }
    }
  } catch {
    // the test aborted the request
  }
}
