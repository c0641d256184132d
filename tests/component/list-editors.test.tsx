// @vitest-environment jsdom
/**
 * The hand-written list editors, in a react-admin form: rows from the schema, added and removed;
 * the tenant rules (the ones the server and `backlot validate` run) flag a repeated colour name
 * and a link to no page on the row's own input as the admin types; a link target is picked by
 * name from the storefront's pages and categories.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColorMapRows } from '../../admin/colors/ColorMapEdit';
import { LinkListRows } from '../../admin/links/LinksEdit';
import { withoutEmptyValues } from '../../admin/schema-form/fields';
import type { CategoryTree } from '../../schema/types.generated';
import { renderInForm } from './render';

afterEach(cleanup);

const colours = [
  { name: 'Red', swatch: ['#d32f2f'] },
  { name: 'Blue', swatch: ['#1976d2'] },
];

const tree: CategoryTree = {
  groups: [
    {
      name: 'Aircraft Interiors',
      slug: 'aircraft-interiors',
      categories: [{ name: 'Seats', slug: 'seats', subcategories: [{ name: 'First Class', slug: 'first-class' }] }],
    },
    { name: 'Services', slug: 'services', kind: 'service', glCode: '5000', categories: [] },
  ],
};

const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

describe('colour rows', () => {
  it('flags a repeated colour name on its row as it is typed, and saves nothing', async () => {
    const onSubmit = vi.fn();
    renderInForm(<ColorMapRows />, { record: { items: colours }, onSubmit, mode: 'onChange' });
    const names = screen.getAllByRole('textbox', { name: /colour name/i });
    await userEvent.clear(names[1]!);
    await userEvent.type(names[1]!, 'red');
    expect(await screen.findByText('Colour "red" is already in the colour map at row 1')).toBeTruthy();
    save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a colour with one stripe, adds stripes up to four, removes a row', async () => {
    const onSubmit = vi.fn();
    renderInForm(<ColorMapRows />, { record: { items: colours }, onSubmit });
    await userEvent.click(screen.getByRole('button', { name: 'Add colour' }));
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    await userEvent.type(within(rows[2]!).getByRole('textbox', { name: /colour name/i }), 'Teal');
    for (let stripes = 1; stripes < 4; stripes++)
      await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Add a stripe' }));
    expect(within(rows[2]!).queryByRole('button', { name: 'Add a stripe' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Red' }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].items).toEqual([
      colours[1],
      { name: 'Teal', swatch: ['#888888', '#888888', '#888888', '#888888'] },
    ]);
  });

  it('says so when the list is empty', () => {
    renderInForm(<ColorMapRows />, { record: { items: [] } });
    expect(screen.getByText(/No colours yet/)).toBeTruthy();
  });
});

describe('link rows', () => {
  it('flags a target that is no storefront page, and a javascript: URL, on the target input', async () => {
    renderInForm(<LinkListRows list="footerLinks" tree={tree} />, {
      record: { items: [{ label: 'About', target: '/pages/about-us' }] },
      mode: 'onChange',
    });
    const target = screen.getByRole('combobox', { name: /link target/i });
    await userEvent.clear(target);
    await userEvent.type(target, '/rentals/nowhere');
    expect(
      await screen.findByText(
        /is not a storefront route, one of this tenant's pages \(pages.json\), a rental category page/,
      ),
    ).toBeTruthy();
    await userEvent.clear(target);
    await userEvent.type(target, 'javascript:alert(1)');
    expect(await screen.findByText(/other schemes such as javascript: are refused/)).toBeTruthy();
  });

  it('offers the pages and rental categories by name, not service groups', async () => {
    const onSubmit = vi.fn();
    renderInForm(<LinkListRows list="footerLinks" tree={tree} />, {
      record: { items: [{ label: 'Seats', target: '/' }] },
      onSubmit,
    });
    const target = screen.getByRole('combobox', { name: /link target/i });
    await userEvent.clear(target);
    await userEvent.type(target, 'first class');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Aircraft Interiors › Seats › First Class/rentals/aircraft-interiors/seats/first-class',
    ]);
    await userEvent.click(options[0]!);
    await userEvent.clear(target);
    await userEvent.type(target, 'services');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('saves a header menu with its dropdown links in their order', async () => {
    const onSubmit = vi.fn();
    renderInForm(<LinkListRows list="headerLinks" tree={tree} />, {
      record: {
        items: [
          { label: 'Rentals', target: '/rentals', categoryDropdown: true },
          { label: 'Menu', children: [{ label: 'About', target: '/pages/about-us' }] },
        ],
      },
      onSubmit,
    });
    expect(screen.getByText('Its dropdown lists the rental categories.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add dropdown link' }));
    const labels = screen.getAllByRole('textbox', { name: /label/i });
    await userEvent.type(labels[labels.length - 1]!, 'Contact');
    const targets = screen.getAllByRole('combobox', { name: /link target/i });
    await userEvent.clear(targets[targets.length - 1]!);
    await userEvent.type(targets[targets.length - 1]!, '/contact-us');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // As saved: the editors send the form through withoutEmptyValues (untouched switches stay absent).
    expect(withoutEmptyValues(onSubmit.mock.calls[0]![0]).items[1].children).toEqual([
      { label: 'About', target: '/pages/about-us' },
      { label: 'Contact', target: '/contact-us' },
    ]);
  });
});
