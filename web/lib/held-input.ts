/**
 * The taps, submits and choices the head's script held while the page drawn on the server was not
 * yet React's (server/platform/head-script.ts), done again once React has taken their element over
 * (each lazy page and each lazy part asks once drawn or hydrated: a part hydrates after its page):
 * the dark-mode toggle toggles, a sign-in form signs in with what was typed before the JavaScript
 * ran (the fields keep the text; the forms read it with `formValues`, see ui/form.tsx).
 */
type HeldInput = { kind: 'click' | 'submit' | 'change'; element: Element; retries?: number };

declare global {
  interface Window {
    __heldInput?: HeldInput[];
  }
}

// React marks each element it has taken over with its props under this key prefix; the head's
// script holds input for elements without it (React's own marker: the browser tests' `hydrated`
// waits for it too).
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

/**
 * Sends a held form's submit to React, and says whether React took it (its handler prevents the
 * browser's own submission). Dispatched rather than `requestSubmit()`: if React has marked the
 * form but not yet committed it, nothing answers, and the browser must not send it its own way.
 */
function submitToReact(form: HTMLFormElement): boolean {
  // The browser's own checks first, as a submit button would (the forms that skip them say noValidate).
  if (!form.noValidate && !form.reportValidity()) return true;
  const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(submit);
  return submit.defaultPrevented;
}

// A marked form React has not yet committed is tried again this often, this many times.
const RETRY_MS = 50;
const RETRIES = 200;

/** Does again what was held for elements React has taken over; the rest waits for their page. */
export function replayHeldInput(): void {
  const held = window.__heldInput;
  if (!held?.length) return;
  const waiting: HeldInput[] = [];
  let retry = false;
  for (const input of held.splice(0)) {
    const { element } = input;
    // Drawn again by the browser (a hydration mismatch): the tap was on something no longer there.
    if (!element.isConnected) continue;
    if (!takenOver(element)) {
      waiting.push(input);
      continue;
    }
    if (input.kind === 'submit' && element instanceof HTMLFormElement) {
      if (!submitToReact(element) && (input.retries ?? 0) < RETRIES) {
        waiting.push({ ...input, retries: (input.retries ?? 0) + 1 });
        retry = true;
      }
    } else if (input.kind === 'click' && element instanceof HTMLElement) element.click();
    else element.dispatchEvent(new Event('change', { bubbles: true }));
  }
  held.push(...waiting);
  if (retry) setTimeout(replayHeldInput, RETRY_MS);
}
