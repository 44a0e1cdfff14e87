import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../contracts/network.js';
import type { SuspensionResponse } from '../../contracts/network-moderation.js';
import { ApiError } from '../lib/http.js';
import { markReachable } from '../lib/connection.js';
import type * as NetworkApi from './api.js';
import { publishPost } from './api.js';
import { dateTimeWithZone } from './date-time.js';
import { Feed } from './feed.js';
import { PostDialog } from './post-dialog.js';
import { signedInMember } from './test-members.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

// The upload itself (an XMLHttpRequest, for its progress) is the one part stood in for here.
vi.mock('./api.js', async (original) => ({ ...(await original<typeof NetworkApi>()), publishPost: vi.fn() }));
const publish = vi.mocked(publishPost);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server at the transport (fetch): the member's suspension, the upload limit, an empty feed. */
function serve(suspension: SuspensionResponse['suspension'] = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/network/me/suspension') return json({ suspension });
      if (path === '/api/network/posts') return json({ posts: [], nextCursor: null });
      return json({ error: 'Not here' }, 404);
    }),
  );
}

beforeEach(() => {
  serve();
  publish.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markReachable();
});

const me = signedInMember();

describe('the composer near the 5,000-character limit (issue 39)', () => {
  it('cuts nothing: from 4,500 characters a counter says what is left, past the limit by how much, and Post waits', () => {
    // Nothing is fetched: the settings and member suggestions are not what this is about.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    render(
      <QueryClientProvider client={client}>
        <PostDialog me={me} open onClose={() => {}} />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Post text' }) as HTMLTextAreaElement;
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;

    fireEvent.change(box, { target: { value: 'نص '.repeat(1400) } });
    expect(screen.queryByText(/characters? left/)).toBeNull();

    fireEvent.change(box, { target: { value: 'ह'.repeat(4600) } });
    expect(screen.getByText('400 characters left')).toBeTruthy();
    expect(post.disabled).toBe(false);

    fireEvent.change(box, { target: { value: 'a'.repeat(5100) } });
    expect(box.value).toHaveLength(5100);
    expect(screen.getByText('100 characters over the limit of 5,000: shorten the post to publish it.')).toBeTruthy();
    expect(post.disabled).toBe(true);
  });
});

const created: Post = {
  id: 'post-9',
  user: { email: null, displayName: me.displayName, photoURL: null, username: 'amal', headline: null },
  description: 'Night shifts — نوبات ليلية',
  mediaType: '',
  mediaURL: null,
  timestamp: '2026-11-27T10:00:00.000Z',
  userId: me.uid,
  likeCount: 0,
  likedByMe: false,
  commentCount: 0,
  canDelete: true,
  reportedByMe: false,
};

function openComposer(onClose = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PostDialog me={me} open onClose={onClose} />
    </QueryClientProvider>,
  );
  return {
    text: screen.getByRole('textbox', { name: 'Post text' }) as HTMLTextAreaElement,
    post: screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement,
    pick: (file: File) => fireEvent.change(screen.getByLabelText('Add Media'), { target: { files: [file] } }),
  };
}

describe('a picked file that cannot be posted (issue 39)', () => {
  it('when the browser already knows the file is refused, then Post waits and the member may post the text without it', async () => {
    const onClose = vi.fn();
    const composer = openComposer(onClose);
    fireEvent.change(composer.text, { target: { value: 'Night shifts — نوبات ليلية' } });
    composer.pick(new File(['not media'], 'rota ٢٠٢٦.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Please choose a photo or a video: /);
    expect(
      screen.getByText('rota ٢٠٢٦.xlsx was not added. Choose another file, or post without the file.'),
    ).toBeTruthy();
    expect(composer.post.disabled).toBe(true);

    publish.mockResolvedValueOnce(created);
    fireEvent.click(screen.getByRole('button', { name: 'Post without the file' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish.mock.calls[0]?.slice(0, 2)).toEqual(['Night shifts — نوبات ليلية', null]);
  });

  it('when the server refuses the video, then the post is not sent without it: Post waits, and "Post without the video" asks', async () => {
    const onClose = vi.fn();
    const composer = openComposer(onClose);
    fireEvent.change(composer.text, { target: { value: 'Night shifts — नाइट शिफ्ट' } });
    const video = new File([new Uint8Array(64)], 'ward tour.mp4', { type: 'video/mp4' });
    composer.pick(video);
    expect(composer.post.disabled).toBe(false);

    publish.mockRejectedValueOnce(new ApiError(413, 'The file is too large: at most 1 MB.'));
    fireEvent.click(composer.post);
    expect(
      await screen.findByText('ward tour.mp4 was not added. Choose another video, or post without the video.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The file is too large: at most 1 MB.');
    expect(composer.post.disabled).toBe(true);
    expect(publish.mock.calls[0]?.[1]).toBe(video);
    expect(onClose).not.toHaveBeenCalled();

    // Choosing another file that fits takes the question away.
    composer.pick(new File([new Uint8Array(64)], 'ward.png', { type: 'image/png' }));
    expect(screen.queryByText(/was not added/)).toBeNull();
    expect(composer.post.disabled).toBe(false);
  });

  it('when another error stops the post, then the file stays chosen and Post may be pressed again', async () => {
    const composer = openComposer();
    fireEvent.change(composer.text, { target: { value: 'With a picture' } });
    composer.pick(new File([new Uint8Array(64)], 'ward.png', { type: 'image/png' }));
    publish.mockRejectedValueOnce(
      new ApiError(400, 'Please complete your profile before posting.', 'PROFILE_INCOMPLETE'),
    );
    fireEvent.click(composer.post);
    expect(await screen.findByText('Please complete your profile before posting.')).toBeTruthy();
    expect(screen.queryByText(/was not added/)).toBeNull();
    expect(composer.post.disabled).toBe(false);
  });
});

describe("a suspended member's composer (issue 39)", () => {
  const suspension = { endsAt: '2026-12-04T09:30:00.000Z', reason: 'Advertising — إعلان', appeal: null };

  it('is disabled in the feed before they write, saying until when and why', async () => {
    serve(suspension);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Feed me={me} onOpenPost={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const note = `You cannot post until ${dateTimeWithZone(suspension.endsAt)}: your account is suspended. Reason: ${suspension.reason}`;
    const start = screen.getByRole('button', { name: 'Start a post' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(true));
    expect(start.getAttribute('aria-describedby')).toBe(screen.getByText(note).id);
    expect(screen.queryByRole('button', { name: /Photo|Video|Write/ })).toBeNull();
  });

  it('keeps a draft when the suspension starts while they write, and Post says why it waits', async () => {
    serve(suspension);
    const composer = openComposer();
    fireEvent.change(composer.text, { target: { value: 'A draft — مسودة' } });
    await screen.findByText(/^You cannot post until/);
    expect(composer.post.disabled).toBe(true);
    expect(composer.text.value).toBe('A draft — مسودة');
  });

  it('when not suspended, then the feed offers the composer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Feed me={me} onOpenPost={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('There are no posts yet...');
    expect((screen.getByRole('button', { name: 'Start a post' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Write' })).toBeTruthy();
  });
});
