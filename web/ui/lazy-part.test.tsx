import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, UNAVAILABLE_PART } from './lazy-part.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * The review's finding (issue 39): a part of a page loaded on demand (the post menu, Logout, the
 * appeal form, the dialogs) whose code could not be downloaded made the whole page show its error.
 * lazyPart keeps the failure in the part's place, with a way to try again.
 */

/** The page's own boundary, as lazy-page.tsx puts one around every page: it must not be reached. */
class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The whole page failed</p> : this.props.children;
  }
}

// What a browser throws when a chunk cannot be fetched (a deploy replaced it, the connection dropped).
const chunkMissing = () => new TypeError('Failed to fetch dynamically imported module: /assets/row-menu-list-Bx1.js');

function Menu({ label }: { label: string }) {
  return <ul aria-label={label}>{label}</ul>;
}

describe('a part of a page loaded on demand', () => {
  it('when its download fails once, then it is asked for again by itself and drawn, with no fallback meanwhile', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockRejectedValueOnce(chunkMissing())
      .mockResolvedValue({ default: Menu });
    const Part = lazyPart(load);
    render(<Part label="Actions for the post" />);
    // Asked again after the product's first pause (half a second), not shown as failed meanwhile.
    expect(await screen.findByRole('list', { name: 'Actions for the post' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when its code cannot be downloaded, then the page stays, the part says so, and "Try again" downloads it', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockRejectedValueOnce(chunkMissing())
      .mockRejectedValueOnce(chunkMissing())
      .mockRejectedValueOnce(chunkMissing())
      .mockResolvedValue({ default: Menu });
    const Part = lazyPart(load);
    // React reports the failure it caught on the console; the test reads the screen instead.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageBoundary>
        <h1>Feed of Nadia الممرضة नर्स</h1>
        <Part label="Actions for the post" />
      </PageBoundary>,
    );

    // The first attempt and the two asked again after their pauses (two seconds), then the part says so.
    expect((await screen.findByRole('alert')).textContent).toContain(UNAVAILABLE_PART);
    expect(screen.getByRole('heading', { name: 'Feed of Nadia الممرضة नर्स' })).toBeTruthy();
    expect(screen.queryByText('The whole page failed')).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Actions for the post' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(4);
    quiet.mockRestore();
  });

  it('when it gives its own fallback, then that is drawn with the part’s props', async () => {
    const Part = lazyPart<{ text: string }>(() => Promise.reject(chunkMissing()), {
      failed: ({ text }) => <span>{text}</span>,
    });
    render(<Part text="| Weight | Dose | ٦٠ kg | १२ mg |" />);
    expect(await screen.findByText('| Weight | Dose | ٦٠ kg | १२ mg |')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the part itself fails as it draws, then that is not passed off as a download to try again', async () => {
    function Broken(): ReactNode {
      throw new Error('a bug in the part');
    }
    const Part = lazyPart(() => Promise.resolve({ default: Broken }));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageBoundary>
        <Part />
      </PageBoundary>,
    );
    expect(await screen.findByText('The whole page failed')).toBeTruthy();
    expect(screen.queryByText(UNAVAILABLE_PART)).toBeNull();
    quiet.mockRestore();
  });
});
