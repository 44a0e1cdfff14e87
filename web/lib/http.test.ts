import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionState, markReachable } from './connection.js';
import { ApiError, errorMessage, fieldError, UNREACHABLE_MESSAGE } from './api-error.js';
import { api, unwrap } from './http.js';
import { formBody } from './http-files.js';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  // A failure marks the service away and schedules a probe; the next test starts with it reachable.
  markReachable();
});

describe('a call the server never answers', () => {
  it('fails with the one "cannot reach the service" sentence and marks the service away', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await unwrap(api.GET('/api/config')).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(errorMessage(error, 'Failed to load the settings.')).toBe(UNREACHABLE_MESSAGE);
    expect(connectionState()).toBe('unreachable');
  });

  it('says the same of a proxy answering 503 while the app is away', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Service Unavailable</html>', { status: 503 })),
    );

    const error = await unwrap(api.GET('/api/config')).catch((e: unknown) => e);

    expect(errorMessage(error, 'Failed to load the settings.')).toBe(UNREACHABLE_MESSAGE);
  });
});

describe('a refusal', () => {
  it("surfaces the server's own sentence and the field it is about", async () => {
    const sentence = 'عنوان الدرس طويل جدًا: اجعله 200 حرف أو أقل.';
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json({ error: sentence, code: 'VALIDATION', field: 'title' }, 400)),
    );

    const error = await unwrap(api.GET('/api/config')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 400, message: sentence, code: 'VALIDATION', field: 'title' });
    expect(errorMessage(error, 'Failed to save.')).toBe(sentence);
    expect(fieldError(error, ['title', 'body'])).toEqual({ field: 'title', message: sentence });
    expect(connectionState()).toBe('reachable');
  });
});

/** An XMLHttpRequest that sends its body in two chunks and answers 201 with `answer`. */
function fakeXhr(answer: unknown) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    response: Blob | null = null;
    responseType = '';
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    send(body: FormData) {
      const total = (body.get('file') as File).size;
      for (const loaded of [total / 4, total])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      this.status = 201;
      this.response = new Blob([JSON.stringify(answer)], { type: 'application/json' });
      this.onload?.();
    }
  };
}

describe('an upload', () => {
  it('reports the fraction sent and resolves with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ id: 7 }));
    const form = new FormData();
    form.append('file', new File(['x'.repeat(4000)], 'شهادة الميلاد.pdf', { type: 'application/pdf' }));
    const progress: number[] = [];

    const answer = await unwrap(
      api.POST('/api/applicant/documents/{documentId}', {
        params: { path: { documentId: 3 } },
        ...formBody(form, (fraction) => progress.push(fraction)),
      }),
    );

    expect(progress).toEqual([0.25, 1]);
    expect(answer).toEqual({ id: 7 });
  });
});
