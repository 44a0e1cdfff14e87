import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PersonLinksAnswer } from '../../contracts/person-links.js';
import { ApiError } from '../lib/http.js';
import { LinkedAccounts, type LinkedAccountsClient } from './linked-accounts.js';

const alone: PersonLinksAnswer = {
  identities: [{ area: 'network', accountId: 'm-1', label: 'amina_alharbi', current: true, linkedAt: null }],
};
const linked: PersonLinksAnswer = {
  identities: [
    { area: 'network', accountId: 'm-1', label: 'amina_alharbi', current: true, linkedAt: '2026-03-01T09:00:00Z' },
    { area: 'cases', accountId: '7', label: 'PW-2026-٠٠٤٢', current: false, linkedAt: '2026-03-01T09:00:00Z' },
  ],
};

/** An area's link routes as the screen calls them, each a spy the test answers. */
function fakeClient(overrides: Partial<LinkedAccountsClient> = {}): LinkedAccountsClient {
  return {
    key: ['test', 'links', Math.random()],
    list: vi.fn().mockResolvedValue(alone),
    link: vi.fn().mockResolvedValue(linked),
    issueCode: vi.fn().mockResolvedValue({ code: 'k3Vq-7Zp', expiresAt: '2026-03-01T09:10:00Z' }),
    unlink: vi.fn().mockResolvedValue(undefined),
    ...overrides,
  };
}

function renderScreen(client: LinkedAccountsClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LinkedAccounts client={client} byAddress={['network']} language="en-GB" />
    </QueryClientProvider>,
  );
}

describe('the linked accounts screen (issue 41)', () => {
  it('when nothing is linked, then it says so after loading; a code from the other account links it and the list shows both', async () => {
    const client = fakeClient();
    renderScreen(client);
    expect(screen.getByText('Loading linked accounts...')).toBeTruthy();
    expect(await screen.findByText('No other account is linked with this one yet.')).toBeTruthy();

    const form = within(screen.getByRole('form', { name: 'Link by signing in to the other account' }));
    fireEvent.click(form.getByRole('button', { name: 'Link' }));
    // The code is required: nothing is sent without one.
    expect(await form.findByText('Please enter the link code from your other account.')).toBeTruthy();
    expect(client.link).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText('Link code from your other account'), { target: { value: '  k3Vq-7Zp ' } });
    fireEvent.click(form.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('PW-2026-٠٠٤٢')).toBeTruthy();
    expect(vi.mocked(client.link).mock.calls[0]?.[0]).toEqual({ code: 'k3Vq-7Zp' });
    expect(screen.queryByText('No other account is linked with this one yet.')).toBeNull();
  });

  it('when the person asks for a code, then it is shown with the time it stops working', async () => {
    const client = fakeClient();
    renderScreen(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Get a link code' }));
    const shown = await screen.findByText(/^Your code: k3Vq-7Zp \(enter it in your other account before /);
    expect(shown.getAttribute('role')).toBe('status');
  });

  it('when linking by address is refused, then the refusal is shown and nothing changes', async () => {
    const client = fakeClient({
      link: vi
        .fn()
        .mockRejectedValue(
          new ApiError(409, 'No network account has verified this address.', 'NO_ACCOUNT_WITH_THIS_EMAIL'),
        ),
    });
    renderScreen(client);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Link my network account that has verified the same address' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('No network account has verified this address.');
    expect(vi.mocked(client.link).mock.calls[0]?.[0]).toEqual({ area: 'network' });
    expect(screen.getByText('No other account is linked with this one yet.')).toBeTruthy();
  });

  it('when a link is removed, then it is asked in place and the list is read again', async () => {
    const list = vi.fn().mockResolvedValueOnce(linked).mockResolvedValue(alone);
    const client = fakeClient({ list });
    renderScreen(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove link: Case PW-2026-٠٠٤٢' }));
    const asking = within(screen.getByRole('group', { name: 'Remove link' }));
    expect(asking.getByText(/Remove the link with Case PW-2026-٠٠٤٢\?/)).toBeTruthy();
    fireEvent.click(asking.getByRole('button', { name: 'Remove link' }));
    expect(await screen.findByText('No other account is linked with this one yet.')).toBeTruthy();
    expect(vi.mocked(client.unlink).mock.calls[0]?.[0]).toEqual({ area: 'cases', accountId: '7' });
    // The account signed in is never offered for removal from its own list.
    expect(screen.queryByRole('button', { name: /Remove link: Network account/ })).toBeNull();
  });

  it('when the links cannot be loaded, then it says so and tries again on request', async () => {
    const list = vi.fn().mockRejectedValueOnce(new ApiError(503, 'down')).mockResolvedValue(linked);
    renderScreen(fakeClient({ list }));
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PW-2026-٠٠٤٢')).toBeTruthy();
  });
});
