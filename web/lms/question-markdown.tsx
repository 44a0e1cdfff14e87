import Markdown from 'react-markdown';
import { components, remarkPlugins, urlTransform } from './lesson-markdown.js';
import styles from './lesson-markdown.module.css';

/*
 * A question's text written in Markdown (a GIFT file's `[markdown]` text, or one the bank's form
 * marks so): GitHub-flavoured, as lessons are (tables for dosages, lists, bold), and as safe: raw
 * HTML is dropped, links open apart, images come only from the app's lesson images. Its own chunk,
 * downloaded by the first Markdown question a page shows (question-text.tsx).
 */

// A one-line place (a summary, a table of rows): the text's emphasis and code, its blocks run together.
const inlineElements = ['strong', 'em', 'code', 'del', 'a'];

export default function QuestionMarkdown({ text, inline = false }: { text: string; inline?: boolean }) {
  const markdown = (
    <Markdown
      skipHtml
      remarkPlugins={remarkPlugins}
      urlTransform={urlTransform}
      components={components}
      {...(inline ? { allowedElements: inlineElements, unwrapDisallowed: true } : {})}
    >
      {text}
    </Markdown>
  );
  return inline ? <span className={styles.lesson}>{markdown}</span> : <div className={styles.lesson}>{markdown}</div>;
}
