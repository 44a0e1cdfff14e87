import { useId, useState } from 'react';
import { MentionText } from './mention-text.js';
import styles from './network.module.css';

/** A post longer than this (characters or lines) is shown shortened, with "See more". */
const LONG_CHARACTERS = 500;
const LONG_LINES = 8;
/** What a shortened post shows: its first lines, up to about this many characters, cut between words. */
const SHOWN_CHARACTERS = 300;
const SHOWN_LINES = 5;

/**
 * The start of a long post to show before "See more", or null when the post is short enough to
 * show whole. Cut in JavaScript rather than clamped in CSS, so what is hidden is always offered.
 */
export function shortenedText(text: string): string | null {
  const lines = text.split('\n');
  if (text.length <= LONG_CHARACTERS && lines.length <= LONG_LINES) return null;
  let shown = lines.slice(0, SHOWN_LINES).join('\n');
  if (shown.length > SHOWN_CHARACTERS) {
    const cut = shown.slice(0, SHOWN_CHARACTERS);
    const lastSpace = cut.search(/\s\S*$/);
    shown = lastSpace > SHOWN_CHARACTERS / 2 ? cut.slice(0, lastSpace) : cut;
    // Never half of a character written with two UTF-16 units (an emoji, some scripts).
    if (/[\uD800-\uDBFF]$/.test(shown)) shown = shown.slice(0, -1);
  }
  return `${shown.trimEnd()}…`;
}

/** A post's text; a long one collapsed behind "See more" (a button, so keyboards reach it), in the feed, search and a member's page. */
export function PostText({ text }: { text: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const short = shortenedText(text);
  return (
    <>
      <p id={id} className={styles.description}>
        <MentionText text={short !== null && !expanded ? short : text} />
      </p>
      {short !== null && (
        <button
          type="button"
          className={styles.seeMore}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'See less' : 'See more'}
        </button>
      )}
    </>
  );
}
