import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NetworkUser } from '../../contracts/network.js';
import { PostDialog } from './post-dialog.js';

const me: NetworkUser = {
  uid: 'member-1',
  email: 'amal@example.test',
  displayName: 'أمل — अमल',
  photoURL: null,
  username: 'amal',
  isProfileComplete: true,
  isAdmin: false,
  emailVerified: true,
  headline: null,
  role: null,
  employer: null,
  location: null,
  about: null,
};

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
