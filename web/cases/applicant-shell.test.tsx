import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteHandleContext, type RouteHandle } from '../layouts/route-handle.js';
import { markReachable, markUnreachable } from '../lib/connection.js';
import { ConnectionBanner } from '../ui/connection-banner.js';
import { showLanguage } from './applicant-words.js';
import ApplicantShell from './applicant-shell.js';

/** The applicant's frame on a screen with this route handle, beside the app's banner (as web/app-root.tsx draws them). */
function renderShell(handle: RouteHandle) {
  return render(
    <MemoryRouter initialEntries={['/casetracking']}>
      <RouteHandleContext value={handle}>
        <Suspense fallback={null}>
          <ApplicantShell />
        </Suspense>
      </RouteHandleContext>
      <ConnectionBanner />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  // The service back (no probe left waiting), and English for the next test.
  markReachable();
  await showLanguage('en');
});

describe("the applicant's frame (issue 38: the title and the connection banner were English on every language)", () => {
  it('when the page is in Arabic, then the document title and the banner for an unreachable service are in Arabic', async () => {
    await showLanguage('ar');
    renderShell({ title: 'Track Your Application', titleKey: 'tracker.title' });
    await screen.findByText('دخول الموظفين');
    expect(document.title).toBe('تتبع طلبك · Pathway');

    act(() => markUnreachable());
    expect(
      screen.getByText('لا يمكننا الوصول إلى الخدمة. سنواصل المحاولة ونعيد تحميل ما تراه عند عودتها.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حاول مرة أخرى الآن' })).toBeTruthy();
  });

  it('when the page is in Hindi, then the title and the banner are in Hindi; once the frame is left, the banner speaks English again', async () => {
    await showLanguage('hi');
    const shown = renderShell({ title: 'Your case', titleKey: 'titles.caseView' });
    await screen.findByText('स्टाफ़ साइन-इन');
    expect(document.title).toBe('आपका केस · Pathway');
    act(() => markUnreachable());
    expect(screen.getByRole('button', { name: 'अभी फिर कोशिश करें' })).toBeTruthy();

    shown.unmount();
    render(<ConnectionBanner />);
    expect(screen.getByRole('button', { name: 'Try again now' })).toBeTruthy();
  });
});
