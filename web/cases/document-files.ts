import { ApiError } from '../lib/http.js';

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

async function failure(response: Response): Promise<ApiError> {
  let body: { error?: string; code?: string; field?: string } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, body?.error ?? `Request failed (${response.status})`, body?.code, body?.field);
}

/** Sends one file as multipart/form-data (field `file`); the JSON http helper cannot carry one. */
export async function sendDocumentFile<T>(path: string, file: File, token?: string | null): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/**
 * Opens a sent file in a new tab. The address needs the bearer token, which a plain link cannot
 * carry, so the file is fetched and shown from memory. The tab is opened first, while the click
 * still counts as the user's (a pop-up blocker lets it through), and given the file when it arrives.
 */
export async function openDocumentFile(path: string, token?: string | null): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    let response: Response;
    try {
      response = await fetch(path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, UNREACHABLE);
    }
    if (!response.ok) throw await failure(response);
    const url = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has its own copy once loaded; a minute is ample for that.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
