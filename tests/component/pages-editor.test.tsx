// @vitest-environment jsdom
/**
 * The pages editor in a react-admin form: every content route is listed with its state; a route
 * without a page offers to write one (titled after the route), a page's Markdown body is edited
 * and saved, and a page can be removed. (Its preview pane asks the server, which is not here: the
 * rendering is tested against the real server in tests/server/previews.test.ts and end to end.)
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageRows } from '../../admin/pages/PagesEdit';
import { STOREFRONT_ROUTES } from '../../schema/routes';
import { renderInForm } from './render';

afterEach(cleanup);
// No server in jsdom: the preview's request fails at once, as it would offline.
beforeEach(() => void vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline'))));
afterEach(() => void vi.unstubAllGlobals());

const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

describe('pages editor', () => {
  it('lists every content route, writes a missing page and edits a body', async () => {
    const onSubmit = vi.fn();
    renderInForm(<PageRows tenantId="aviation" />, { record: { items: [{ path: '/pages/about-us', title: 'About Us', body: 'We build sets.' }] }, onSubmit });
    const routes = STOREFRONT_ROUTES.filter((route) => route.kind === 'content');
    const nav = screen.getByRole('navigation', { name: 'Content pages' });
    expect(nav.querySelectorAll('[role=button]')).toHaveLength(routes.length);
    expect(nav.textContent).toContain('/pages/credits · no page yet');
    await userEvent.click(screen.getByRole('button', { name: /Credits/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Write this page' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveProperty('value', 'Credits');
    await userEvent.type(screen.getByRole('textbox', { name: /^Body/ }), '## Recent credits');
    await userEvent.click(screen.getByRole('button', { name: /About Us/ }));
    expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveProperty('value', 'We build sets.');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].items).toEqual([
      { path: '/pages/about-us', title: 'About Us', body: 'We build sets.' },
      { path: '/pages/credits', title: 'Credits', body: '## Recent credits' },
    ]);
    expect(await screen.findByText(/The preview could not reach the server/)).toBeTruthy();
  });

  it('removes a page, leaving its route to the empty state', async () => {
    const onSubmit = vi.fn();
    renderInForm(<PageRows tenantId="aviation" />, { record: { items: [{ path: '/pages/portfolio/all-projects', title: 'Portfolio', body: 'Work.' }] }, onSubmit });
    await userEvent.click(screen.getByRole('button', { name: 'Remove this page' }));
    expect(screen.getByRole('button', { name: 'Write this page' })).toBeTruthy();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].items).toEqual([]);
  });
});
