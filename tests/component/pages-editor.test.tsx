// @vitest-environment jsdom
/**
 * The pages editor in a react-admin form: the tenant's own pages are listed (no other tenant's
 * routes); a page is added at an address of its own (the storefront's own refused, saying why),
 * its Markdown body edited and saved, and a page removed. (Its preview pane asks the server, which is not here: the
 * rendering is tested against the real server in tests/server/previews.test.ts and end to end.)
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageRows } from '../../admin/pages/PagesEdit';
import { renderInForm } from './render';

afterEach(cleanup);
// No server in jsdom: the preview's request fails at once, as it would offline.
beforeEach(() => void vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline'))));
afterEach(() => void vi.unstubAllGlobals());

const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

describe('pages editor', () => {
  it("lists the tenant's own pages, adds one at an address of its own, and edits its body", async () => {
    const onSubmit = vi.fn();
    renderInForm(<PageRows tenantId="harbor" />, {
      record: { items: [{ path: '/pages/about-us', title: 'About Us', body: 'We build docks.' }] },
      onSubmit,
      mode: 'onChange',
    });
    const nav = screen.getByRole('navigation', { name: 'Content pages' });
    expect(nav.querySelectorAll('[role=button]')).toHaveLength(1);
    expect(nav.textContent).not.toContain('custom-aviation-sets');
    await userEvent.click(screen.getByRole('button', { name: 'Add a page' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveProperty('value', 'New page');
    const address = screen.getByRole('textbox', { name: /^Address/ });
    expect(address).toHaveProperty('value', '/pages/new-page');
    // An address the storefront uses itself is refused, saying why; another is taken.
    await userEvent.clear(address);
    await userEvent.type(address, '/rentals/docks');
    expect(await screen.findByText(/\/rentals belongs to the storefront itself/)).toBeTruthy();
    await userEvent.clear(address);
    await userEvent.type(address, '/pages/dock-hire');
    await userEvent.clear(screen.getByRole('textbox', { name: /^Title/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Dock Hire');
    await userEvent.type(screen.getByRole('textbox', { name: /^Body/ }), '## Floating docks');
    await userEvent.click(screen.getByRole('button', { name: /About Us/ }));
    expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveProperty('value', 'We build docks.');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].items).toEqual([
      { path: '/pages/about-us', title: 'About Us', body: 'We build docks.' },
      { path: '/pages/dock-hire', title: 'Dock Hire', body: '## Floating docks' },
    ]);
  });

  it('removes a page, and says how to start when there is none', async () => {
    const onSubmit = vi.fn();
    renderInForm(<PageRows tenantId="aviation" />, {
      record: { items: [{ path: '/pages/portfolio/all-projects', title: 'Portfolio', body: 'Work.' }] },
      onSubmit,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove this page' }));
    expect(screen.getByText(/No pages yet/)).toBeTruthy();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].items).toEqual([]);
  });
});
