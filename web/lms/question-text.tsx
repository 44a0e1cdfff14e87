import { type CSSProperties, type ReactNode } from 'react';
import type { QuestionFormat } from '../../contracts/lms-constants.js';
import { lazyPart } from '../ui/lazy-part.js';

/** The text as written, for a Markdown question whose renderer could not be downloaded (offline). */
function AsWritten({ text }: { text: string; inline?: boolean }) {
  return <span style={{ whiteSpace: 'pre-line' }}>{text}</span>;
}

// Only a page showing a Markdown question downloads the renderer; offline before it ever did, the
// text shows as written rather than not at all, and while it downloads.
const QuestionMarkdown = lazyPart(() => import('./question-markdown.js'), {
  loading: AsWritten,
  failed: AsWritten,
});

type Props = {
  text: string;
  /** Plain text (shown as written) or Markdown (rendered); absent is plain. */
  format: QuestionFormat | undefined;
  /** The element of a plain text: a heading where the question heads its card, else a span. */
  as?: 'h2' | 'h3' | 'span';
  /** A one-line place (a summary, a row of a table): a Markdown text's blocks run together. */
  inline?: boolean;
  id?: string;
  tabIndex?: number;
  /** Shown before the text, in the same element ("3. "). */
  prefix?: ReactNode;
  style?: CSSProperties;
};

/**
 * A question's text wherever it is shown (the exam, practice, a review, the bank, an import's
 * preview): plain text as written, Markdown rendered (GitHub-flavoured, no raw HTML). A Markdown
 * text may hold tables and lists, which an <h2> may not (its content is phrasing only): where the
 * question heads its card it is a block with the heading role and level instead (with the id and
 * focus), so a screen reader's heading navigation still lands on it, and its table and list keep
 * their own roles inside.
 */
export function QuestionText({ text, format, as = 'span', inline = false, id, tabIndex, prefix, style }: Props) {
  if (format !== 'markdown') {
    const Element = as;
    return (
      <Element id={id} tabIndex={tabIndex} style={style}>
        {prefix}
        {text}
      </Element>
    );
  }
  const Element = inline ? 'span' : 'div';
  const heading = as !== 'span';
  return (
    <Element
      id={id}
      tabIndex={tabIndex}
      style={style}
      role={heading ? 'heading' : undefined}
      aria-level={heading ? Number(as.slice(1)) : undefined}
    >
      {prefix}
      <QuestionMarkdown text={text} inline={inline} />
    </Element>
  );
}
