import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { PublicMember } from '../../contracts/network.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';
import { memberSuggestionsQuery } from './api.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';

type Mention = { start: number; query: string };

// The server's mention rule (server/network/notifications.ts): `@` after a start or a non-name character.
const TYPED_MENTION = /(^|[^A-Za-z0-9._-])@([A-Za-z0-9._-]{1,30})$/;

/** The `@name` being typed just before the caret, if any. */
function mentionBefore(text: string, caret: number | null): Mention | null {
  if (caret === null) return null;
  const before = text.slice(0, caret);
  const match = TYPED_MENTION.exec(before);
  const query = match?.[2];
  return query ? { start: before.length - query.length - 1, query } : null;
}

type MentionFieldProps = {
  id: string;
  /** The field's name in its form, for a submit handler that reads the form (`formValues`). */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  className: string | undefined;
  placeholder: string;
  /** Unset where a counter tells the limit instead of the field cutting what is typed or pasted. */
  maxLength?: number;
  /** A textarea (the post box) rather than a one-line input (the comment box). */
  rows?: number;
  inputRef?: RefObject<HTMLInputElement | null>;
};

/**
 * A text field that suggests members while `@name` is typed (the ARIA 1.2 combobox pattern with a
 * listbox popup): arrows move through the suggestions, Enter or Tab inserts `@username`, Escape
 * closes them, a click picks one. A one-line input is the combobox itself; a textarea may not take
 * that role, so it stays a textbox that owns the listbox through aria-controls and
 * aria-activedescendant, as GitHub's and Discourse's composers do. A polite status tells screen
 * readers how many members were found.
 */
export function MentionField({
  id,
  name,
  value,
  onChange,
  className,
  placeholder,
  maxLength,
  rows,
  inputRef,
}: MentionFieldProps) {
  const listId = useId();
  const field = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const [mention, setMention] = useState<Mention | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const nextCaret = useRef<number | null>(null);
  const query = useDebouncedValue(mention?.query ?? '', 150);
  const suggestions = useQuery({ ...memberSuggestionsQuery(mention ? query : ''), placeholderData: keepPreviousData });
  const members: PublicMember[] = mention && query !== '' ? (suggestions.data?.members ?? []) : [];
  const open = mention !== null && !dismissed && members.length > 0;
  const activeIndex = Math.min(active, Math.max(members.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  // What was typed before the page's JavaScript ran (a field the server drew: the feed's comment
  // boxes, decision 053) is in the field but never went through onChange: the state takes it as
  // React takes the field over, before anything draws the field again from a state still empty
  // (which would empty it) and before a button waits on that state to say something was typed.
  useLayoutEffect(() => {
    const element = field.current;
    if (element && element.value !== value) onChange(element.value);
    // Once, as the field is taken over: afterwards every change goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (nextCaret.current === null || !field.current) return;
    field.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  }, [value]);

  function follow(text: string, caret: number | null) {
    const found = mentionBefore(text, caret);
    if (found?.start !== mention?.start || found?.query !== mention?.query) {
      setMention(found);
      setActive(0);
      setDismissed(false);
    }
  }

  function pick(member: PublicMember) {
    if (!mention || !member.username) return;
    const end = mention.start + 1 + mention.query.length;
    const inserted = `@${member.username} `;
    nextCaret.current = mention.start + inserted.length;
    onChange(value.slice(0, mention.start) + inserted + value.slice(end).replace(/^ /, ''));
    setMention(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (!open) return;
    const chosen = members[activeIndex];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + members.length) % members.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && chosen && !event.shiftKey) {
      event.preventDefault();
      pick(chosen);
    } else if (event.key === 'Escape') {
      // Only the suggestions close: the key must not reach the dialog around the post box.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
    }
  }

  const shared = {
    id,
    ...(name === undefined ? {} : { name }),
    className,
    placeholder,
    ...(maxLength === undefined ? {} : { maxLength }),
    value,
    'aria-autocomplete': 'list' as const,
    'aria-controls': listId,
    'aria-activedescendant': open ? optionId(activeIndex) : undefined,
    onKeyDown,
    onBlur: () => setDismissed(true),
    onSelect: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      follow(event.currentTarget.value, event.currentTarget.selectionStart),
  };
  const found = members.length;
  const status = open
    ? `${found} ${found === 1 ? 'member' : 'members'} found. Up and down arrows to choose, Enter to insert.`
    : mention && !dismissed && query === mention.query && suggestions.isSuccess && !suggestions.isPlaceholderData
      ? 'No members found.'
      : '';

  return (
    <div className={styles.mentionField}>
      {rows === undefined ? (
        <input
          {...shared}
          ref={(element) => {
            field.current = element;
            if (inputRef) inputRef.current = element;
          }}
          role="combobox"
          aria-expanded={open}
          onChange={(event) => {
            onChange(event.target.value);
            follow(event.target.value, event.target.selectionStart);
          }}
        />
      ) : (
        <textarea
          {...shared}
          ref={(element) => {
            field.current = element;
          }}
          rows={rows}
          onChange={(event) => {
            onChange(event.target.value);
            follow(event.target.value, event.target.selectionStart);
          }}
        />
      )}
      <ul id={listId} role="listbox" aria-label="Members to mention" className={styles.mentionList} hidden={!open}>
        {open &&
          members.map((member, index) => (
            <li
              key={member.username}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.mentionOption}
              // Keeps the focus (and the caret) in the field while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(member)}
            >
              <Avatar src={member.photoURL} size={24} />
              <span>{member.displayName || member.username}</span>
              <span className={styles.muted}>@{member.username}</span>
            </li>
          ))}
      </ul>
      <div role="status" className="visually-hidden">
        {status}
      </div>
    </div>
  );
}
