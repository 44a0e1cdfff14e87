import { Fragment } from 'react';
import { Link } from '../lib/routing.js';

// The server's rule (server/network/notifications.ts): `@` after a start or a non-name character.
const MENTION = /(^|[^A-Za-z0-9._-])@([A-Za-z0-9._-]{3,30})/g;

/**
 * A post's or comment's text with each `@username` as a link to that member's profile. The text
 * stays React text nodes (never HTML), so nothing a member writes can become markup.
 */
export function MentionText({ text }: { text: string }) {
  const parts: Array<string | { name: string }> = [];
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const lead = match[1] ?? '';
    // A trailing dot ends the sentence, not the name.
    const name = (match[2] ?? '').replace(/\.+$/, '');
    if (name.length < 3) continue;
    const start = (match.index ?? 0) + lead.length;
    parts.push(text.slice(at, start), { name });
    at = start + 1 + name.length;
  }
  parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <Link key={index} to={`/members/${encodeURIComponent(part.name)}`}>
            @{part.name}
          </Link>
        ),
      )}
    </>
  );
}
