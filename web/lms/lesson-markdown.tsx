import Markdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import { lessonImageSource } from '../../contracts/lms-constants.js';
import styles from './lesson-markdown.module.css';

/**
 * Links keep react-markdown's safe protocols (http, https, mailto...; never `javascript:`), and
 * images come only from the app's own lesson images, so a lesson cannot load a tracker or another
 * site's picture into a learner's page.
 */
const urlTransform: UrlTransform = (url, key) => {
  if (key === 'src') return lessonImageSource(url);
  return defaultUrlTransform(url);
};

// The lesson's own title is a level-3 heading, so the text's headings sit below it.
const components: Components = {
  h1: ({ node: _node, ...props }) => <h4 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  img: ({ node: _node, src, alt, ...props }) =>
    src ? <img {...props} src={src} alt={alt ?? ''} loading="lazy" /> : null,
};

/**
 * A lesson's text, written in Markdown. Rendered by react-markdown into React elements, never as
 * HTML: raw HTML in the text is dropped (`skipHtml`), so a lesson cannot run script in a
 * learner's page whatever an admin (or a stolen admin token) writes.
 */
export function LessonMarkdown({ text }: { text: string }) {
  return (
    <div className={styles.lesson}>
      <Markdown skipHtml urlTransform={urlTransform} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
