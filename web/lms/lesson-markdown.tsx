import Markdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { lessonImageSource } from '../../contracts/lms-constants.js';
import styles from './lesson-markdown.module.css';

/**
 * Links keep react-markdown's safe protocols (http, https, mailto...; never `javascript:`), and
 * images come only from the app's own lesson images, so a lesson cannot load a tracker or another
 * site's picture into a learner's page.
 */
export const urlTransform: UrlTransform = (url, key) => {
  if (key === 'src') return lessonImageSource(url);
  return defaultUrlTransform(url);
};

// The lesson's own title is a level-3 heading, so the text's headings sit below it.
export const components: Components = {
  h1: ({ node: _node, ...props }) => <h4 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  img: ({ node: _node, src, alt, ...props }) =>
    src ? <img {...props} src={src} alt={alt ?? ''} loading="lazy" /> : null,
  // A wide table (a dosage table on a phone) scrolls within itself, never the page.
  table: ({ node: _node, ...props }) => (
    <div className={styles.tableWrap}>
      <table {...props} />
    </div>
  ),
  // A task list's box shows its state and is named by it; the reader cannot tick it.
  input: ({ node: _node, checked, ...props }) =>
    props.type === 'checkbox' ? (
      <input {...props} checked={checked} disabled aria-label={checked ? 'Done' : 'Not done'} />
    ) : null,
};

// GitHub-flavoured Markdown: tables (dosage tables), task lists, strikethrough, autolinks.
export const remarkPlugins = [remarkGfm];

/**
 * A lesson's text, written in GitHub-flavoured Markdown. Rendered by react-markdown into React elements, never as
 * HTML: raw HTML in the text is dropped (`skipHtml`), so a lesson cannot run script in a
 * learner's page whatever an admin (or a stolen admin token) writes.
 */
export function LessonMarkdown({ text }: { text: string }) {
  return (
    <div className={styles.lesson}>
      <Markdown skipHtml remarkPlugins={remarkPlugins} urlTransform={urlTransform} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
