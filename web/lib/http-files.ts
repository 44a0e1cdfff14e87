import { noteReachability, refusal, unreachable } from './api-error.js';
import type { ApiAnswer } from './http.js';

/*
 * Files through the API: answers saved or opened as files, text files sent as they are, and
 * multipart uploads that report their progress. Apart from http.ts, so that the pages that send
 * no file (every first page among them) do not download this (issue 42).
 */

type Answer<Data> = ApiAnswer<Data>;

/** The options that ask for an answer as a file rather than JSON (`download`, `openInNewTab`). */
export const asFile = { parseAs: 'blob', headers: { accept: '*/*' } } as const;

/** The file an answer carries, under the name its `content-disposition` gives. */
async function fileOf(call: Promise<Answer<Blob>>): Promise<{ blob: Blob; name: string | undefined }> {
  const { data, error, response } = await call;
  if (!response.ok || !data) throw refusal(response.status, error);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: data, name };
}

/**
 * Saves an answer through the browser as a file (an export):
 * `download(adminApi.GET('/api/caseadmin/cases/export', { params, ...asFile }), 'cases.csv')`.
 */
export async function download(call: Promise<Answer<Blob>>, fallbackName: string): Promise<void> {
  const { blob, name } = await fileOf(call);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Shows an answer (a sent document) in a new tab. Its address needs the bearer token, which a
 * plain link cannot carry, so the file is fetched and shown from memory. The tab is opened first,
 * while the click still counts as the user's (a pop-up blocker lets it through), without its
 * opener, and given the file when it arrives.
 */
export async function openInNewTab(call: () => Promise<Answer<Blob>>): Promise<void> {
  const tab = window.open('', '_blank');
  // The tab gets no handle on the page that opened it (issue 35: a staff document's tab kept
  // window.opener). `noopener` in the call would return no window to hand the file to.
  if (tab) tab.opener = null;
  try {
    const { blob } = await fileOf(call());
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has its own copy once loaded; a minute is ample for that.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A text file (CSV, GIFT, Aiken) sent as it is, under its own content type. */
export const textBody = (text: string, contentType: 'text/csv' | 'text/plain') => ({
  body: text,
  bodySerializer: (body: string) => body,
  headers: { 'content-type': contentType },
});

/** The headers of an XMLHttpRequest answer, as a Response carries them. */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * Sends `form` as multipart/form-data through XMLHttpRequest, because fetch cannot report upload
 * progress. The request openapi-fetch built gives the method, address and headers (the area's
 * token among them); the browser writes the multipart boundary itself.
 */
function sendForm(form: FormData, onProgress?: (fraction: number) => void) {
  return (request: Request) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => {
        if (name !== 'content-type') xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        noteReachability(xhr.status);
        // A Response refuses a body with these statuses, even an empty one.
        const body = [204, 205, 304].includes(xhr.status) ? null : (xhr.response as Blob);
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) }));
      };
      xhr.onerror = () => reject(unreachable());
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
}

/**
 * The options that send files: `api.POST('/api/network/posts', formBody(form, onProgress))`.
 * `onProgress` hears the fraction of the upload sent so far.
 */
export const formBody = (form: FormData, onProgress?: (fraction: number) => void) => ({
  fetch: sendForm(form, onProgress),
});
