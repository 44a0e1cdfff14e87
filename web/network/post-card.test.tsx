import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, NetworkUser, Post } from '../../contracts/network.js';
import { ToastProvider } from '../ui/toast.js';
import { commentsQuery, meQuery } from './api.js';
import { dateTimeWithZone } from './date-time.js';
import { PostCard } from './post-card.js';
import { signedInMember } from './test-members.js';

const posted = '2026-11-27T08:15:00.000Z';
const commented = '2026-11-27T09:40:00.000Z';

const post: Post = {
  id: 'post-1',
  user: { email: null, displayName: 'أمل — अमल', photoURL: null, username: 'amal', headline: null },
  description: 'نشر عن التوظيف — भर्ती',
  mediaType: 'text',
  mediaURL: null,
  timestamp: posted,
  userId: 'member-1',
  likeCount: 0,
  likedByMe: false,
  commentCount: 1,
  canDelete: false,
  reportedByMe: false,
};
const comment: Comment = {
  id: 'comment-1',
  postId: post.id,
  text: 'تعليق ٤٢ टिप्पणी',
  timestamp: commented,
  userId: 'member-2',
  username: 'ravi',
  photoURL: null,
};

const reader = signedInMember({
  uid: 'member-3',
  email: 'reader@example.test',
  displayName: 'Reader',
  username: 'reader',
});

function renderCard(shown: Post = post, me: NetworkUser | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQuery().queryKey, me);
  client.setQueryData(commentsQuery(post.id).queryKey, {
    pages: [{ comments: [comment], nextCursor: null }],
    pageParams: [null],
  });
  return Object.assign(
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ToastProvider>
            <PostCard post={shown} me={me} onOpen={() => {}} />
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
    { client },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a post and its comments say when, in full on hover and focus (issue 39)', () => {
  it('shows how long ago, with the full date, time and time zone as the title of a <time>', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'Post by أمل — अमल' });
    const postTime = within(card).getByText('1 hr ago');
    expect(postTime.tagName).toBe('TIME');
    expect(postTime.getAttribute('dateTime')).toBe(posted);
    expect(postTime.getAttribute('title')).toBe(dateTimeWithZone(posted));
    // The post's time sits in the button that opens the post: that button takes the focus.
    expect(postTime.closest('button')).not.toBeNull();

    const commentTime = within(card).getByText('20 min ago');
    expect(commentTime.tagName).toBe('TIME');
    expect(commentTime.getAttribute('dateTime')).toBe(commented);
    expect(commentTime.getAttribute('title')).toBe(dateTimeWithZone(commented));
    // Not in a control: the time itself is reachable by keyboard.
    expect(commentTime.tabIndex).toBe(0);
  });

  // The open menu's code loads with the first opening (ui/row-menu.tsx): its items are waited for.
  it('when the member reported the post, then its menu says "Reported" instead of offering a second report', async () => {
    const { unmount } = renderCard(post, reader);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the post by أمل — अमल' }));
    expect((await screen.findByRole('menuitem', { name: 'Report post' })).getAttribute('aria-disabled')).toBeNull();
    unmount();

    renderCard({ ...post, reportedByMe: true }, reader);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the post by أمل — अमल' }));
    expect((await screen.findByRole('menuitem', { name: 'Reported' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'Report post' })).toBeNull();
  });
});

describe('a long post collapses behind "See more" (issue 39)', () => {
  // A recruiter's long post as members write them: Arabic, Hindi and their digits, paragraphs, a mention.
  const paragraph = 'نبحث عن ممرضين للعناية المركزة ٢٤ ساعة — आईसीयू नर्सों की ज़रूरत है, १२ घंटे की पाली। ';
  const long = `${paragraph.repeat(4)}\n\n@ravi knows the ward.\n\n${paragraph.repeat(6)}The end of the post.`;

  it('shows the start of a long post, and "See more" (a button with aria-expanded) shows the rest and takes it back', () => {
    renderCard({ ...post, description: long });
    const card = screen.getByRole('article');
    const more = within(card).getByRole('button', { name: 'See more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const text = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(text?.textContent).toMatch(/…$/);
    expect(text?.textContent?.length).toBeLessThanOrEqual(301);
    expect(within(card).queryByText(/The end of the post\./)).toBeNull();

    more.focus();
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('See less');
    expect(text?.textContent).toBe(long);
    // The mention in the text shown whole is still a link to the member.
    expect(within(card).getByRole('link', { name: '@ravi' }).getAttribute('href')).toBe('/members/ravi');

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(text?.textContent).toMatch(/…$/);
  });

  it('collapses a post of many short lines too, but never a short post', () => {
    const { unmount } = renderCard({
      ...post,
      description: Array.from({ length: 12 }, (_, i) => `${i + 1}. سطر`).join('\n'),
    });
    expect(screen.getByRole('button', { name: 'See more' })).toBeTruthy();
    unmount();
    renderCard({ ...post, description: paragraph.repeat(3) });
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
    expect(screen.getByText(paragraph.repeat(3).trim(), { exact: false })).toBeTruthy();
  });
});

describe("a post's picture keeps its own shape (issue 39: no black bars)", () => {
  it('once the picture is measured, it is drawn at its own aspect ratio, with no fill behind it', () => {
    renderCard({ ...post, mediaType: 'image/jpeg', mediaURL: '/api/network/media/1-tall.jpg' });
    const picture = screen.getByRole('img', { name: /^Image: / }) as HTMLImageElement;
    expect(picture.style.getPropertyValue('--media-ratio')).toBe('');
    Object.defineProperty(picture, 'naturalWidth', { value: 1080 });
    Object.defineProperty(picture, 'naturalHeight', { value: 1920 });
    fireEvent.load(picture);
    expect(picture.style.getPropertyValue('--media-ratio')).toBe(String(1080 / 1920));
  });
});

describe('a card draws from what its list has (issue 42: ten cards on the feed, drawn on the server and hydrated)', () => {
  it('takes the member from the list instead of watching the member itself, and still offers the report to a reader', () => {
    const { client } = renderCard(post, reader);
    expect(client.getQueryCache().find({ queryKey: meQuery().queryKey })?.getObserversCount()).toBe(0);
    expect(screen.getByRole('button', { name: 'Actions for the post by أمل — अमल' })).toBeTruthy();
  });
});
