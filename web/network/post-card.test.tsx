import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, NetworkUser, Post } from '../../contracts/network.js';
import { ToastProvider } from '../ui/toast.js';
import { commentsQuery, meQuery } from './api.js';
import { dateTimeWithZone } from './date-time.js';
import { PostCard } from './post-card.js';

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

const reader: NetworkUser = {
  uid: 'member-3',
  email: 'reader@example.test',
  displayName: 'Reader',
  photoURL: null,
  username: 'reader',
  isProfileComplete: true,
  isAdmin: false,
  emailVerified: true,
  headline: null,
  role: null,
  employer: null,
  location: null,
  about: null,
};

function renderCard(shown: Post = post, me: NetworkUser | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQuery().queryKey, me);
  client.setQueryData(commentsQuery(post.id).queryKey, {
    pages: [{ comments: [comment], nextCursor: null }],
    pageParams: [null],
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>
          <PostCard post={shown} onOpen={() => {}} />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
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
