import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type FormHTMLAttributes, type SubmitEvent } from 'react';
import type { ApplicantLanguageCode } from '../../contracts/applicant-language-constants.js';

/**
 * Forms check themselves in the app's own sentences instead of the browser's bubbles ("Please
 * match the requested format."): the form is `noValidate`, its fields keep their constraints
 * (required, type, minLength, pattern...), and on submit each broken one is explained under the
 * field, which gets the focus. Once explained, a field's sentence follows what is typed.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const FieldErrors = createContext<Record<string, string>>({});

/** The sentence the form shows under the field with this id, if any. */
export const useFieldError = (id: string): string | undefined => useContext(FieldErrors)[id];

function labelOf(control: Control): string {
  const text =
    control.labels?.[0]?.textContent?.trim() || control.getAttribute('aria-label') || control.name || 'this field';
  // "Applicant Email (optional)" -> "applicant email"
  return text.replace(/\s*\(.*\)\s*$/, '').toLowerCase();
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What is wrong with a control, in a sentence, or null when nothing is. */
export function validationSentence(control: Control): string | null {
  const { validity } = control;
  if (validity.valid) return null;
  const label = labelOf(control);
  if (validity.valueMissing) {
    if (control instanceof HTMLSelectElement) return `Please choose the ${label}.`;
    if (control instanceof HTMLInputElement && control.type === 'file') return `Please choose a file for the ${label}.`;
    return `Please enter the ${label}.`;
  }
  if (validity.typeMismatch && control instanceof HTMLInputElement && control.type === 'email')
    return 'Please enter a valid email address.';
  if (validity.typeMismatch && control instanceof HTMLInputElement && control.type === 'url')
    return 'Please enter a full web address, starting with https://.';
  if (validity.tooShort && !(control instanceof HTMLSelectElement))
    return `${capitalized(label)} must be at least ${control.minLength} characters.`;
  if (validity.tooLong && !(control instanceof HTMLSelectElement))
    return `${capitalized(label)} must be at most ${control.maxLength} characters.`;
  if (validity.patternMismatch) return control.dataset.patternMessage ?? `Please check the ${label}.`;
  if (validity.rangeUnderflow && control instanceof HTMLInputElement)
    return `${capitalized(label)} must be at least ${control.min}.`;
  if (validity.rangeOverflow && control instanceof HTMLInputElement)
    return `${capitalized(label)} must be at most ${control.max}.`;
  return `Please check the ${label}.`;
}

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * The named fields' values as the form holds them, for its submit handler. Not the state's: on a
 * page drawn on the server, what was typed before the JavaScript ran stays in the fields through
 * hydration but never went through their onChange (decision 032; lib/held-input.ts sends such a
 * form once hydrated). A handler sets its state from these too, so the next render keeps the text.
 */
export function formValues<Name extends string>(form: HTMLFormElement, names: readonly Name[]): Record<Name, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<Name, string>;
}

/**
 * A sign-in form sent by the browser itself, without JavaScript (decision 032): the server answers
 * the page drawn with this answer set (web/entry-server.tsx), the sentence saying why nothing
 * happened in the visitor's language (the language cookie, else Accept-Language, as "page not
 * found" chooses it), though the page around it is English. The sentence comes with the page, so the
 * browser's code carries no translations of it. Signing in stays JavaScript's (the session and
 * tokens are set by the API's JSON answers).
 */
/**
 * After a form's entry is saved: its field emptied for the next one, unless the field has changed
 * since it was sent (a quick person is already typing the next entry, and the list showed the saved
 * one as it refetched, a moment before the save's own callback runs). For a state setter.
 */
export const emptiedIfUnchanged =
  <Value,>(sent: Value, empty: Value) =>
  (current: Value): Value =>
    current === sent ? empty : current;

export const sentWithoutScriptKey = ['first-page', 'sign-in-sent-without-javascript'] as const;
export type SentWithoutScript = { message: string; lang: ApplicantLanguageCode };

/** "Signing in needs JavaScript" in each of the visitor languages (used on the server only). */
export const signInNeedsJavaScript: Record<ApplicantLanguageCode, string> = {
  en: 'Signing in needs JavaScript, which did not run on this page. Please turn JavaScript on (or use a browser that runs it) and sign in again.',
  ar: 'يتطلب تسجيل الدخول JavaScript، ولم يعمل في هذه الصفحة. يُرجى تفعيل JavaScript (أو استخدام متصفح يشغّله) ثم تسجيل الدخول مرة أخرى.',
  hi: 'साइन इन करने के लिए JavaScript ज़रूरी है, जो इस पेज पर नहीं चला। कृपया JavaScript चालू करें (या ऐसा ब्राउज़र इस्तेमाल करें जो इसे चलाता हो) और फिर से साइन इन करें।',
};

/** What a sign-in form says when it was sent without JavaScript, with its language, else null. */
export function useSentWithoutScript(): SentWithoutScript | null {
  return useQueryClient().getQueryData<SentWithoutScript>(sentWithoutScriptKey) ?? null;
}

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate'>;

/** A `<form>` that explains its fields' problems in words; `onSubmit` runs only when there are none. */
export function Form({ onSubmit, onInput, onChange, children, ...props }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A field explained once is checked again as it changes, so its sentence goes when it is right.
  const recheck = (target: EventTarget) => {
    if (!(target instanceof Element) || !isControl(target) || !target.id || !(target.id in errors)) return;
    const sentence = validationSentence(target);
    setErrors((current) => {
      const { [target.id]: _previous, ...rest } = current;
      return sentence ? { ...rest, [target.id]: sentence } : rest;
    });
  };

  function submit(event: SubmitEvent<HTMLFormElement>) {
    const found: Record<string, string> = {};
    let first: Control | undefined;
    for (const element of Array.from(event.currentTarget.elements)) {
      if (!isControl(element) || element.disabled) continue;
      const sentence = validationSentence(element);
      if (!sentence) continue;
      if (element.id) found[element.id] = sentence;
      first ??= element;
    }
    setErrors(found);
    if (first) {
      event.preventDefault();
      first.focus();
      return;
    }
    onSubmit?.(event);
  }

  return (
    <FieldErrors.Provider value={errors}>
      <form
        {...props}
        noValidate
        onSubmit={submit}
        onInput={(event) => {
          recheck(event.target);
          onInput?.(event);
        }}
        onChange={(event) => {
          recheck(event.target);
          onChange?.(event);
        }}
      >
        {children}
      </form>
    </FieldErrors.Provider>
  );
}
