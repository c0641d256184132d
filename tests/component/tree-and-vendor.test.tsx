// @vitest-environment jsdom
/**
 * The category tree, custom fields and vendor inputs in a react-admin form: a category moved to
 * another group, a group removed only after saying what it takes, a GL code in the wrong form
 * and a service entry with none flagged on their rows; a new option's slug follows its name; the
 * weekly discounts bounded; a time zone found by typing part of its name.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryTreeRows } from '../../admin/categories/CategoryTreeEdit';
import { TimezoneInput } from '../../admin/components/TimezoneInput';
import { CustomFieldRows } from '../../admin/custom-fields/CustomFieldsEdit';
import { withoutEmptyValues } from '../../admin/schema-form/fields';
import { WeeklyDiscountsInput } from '../../admin/vendor/WeeklyDiscountsInput';
import type { CategoryTree } from '../../schema/types.generated';
import { renderInForm } from './render';

afterEach(cleanup);
const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

const tree = (): CategoryTree & Record<string, unknown> => ({
  groups: [
    {
      name: 'Seats',
      slug: 'seats',
      glCode: '4200',
      categories: [{ name: 'First Class', slug: 'first-class', subcategories: [{ name: 'Pods', slug: 'pods' }] }],
    },
    { name: 'Set Dressing', slug: 'set-dressing', categories: [] },
    {
      name: 'Service',
      slug: 'services',
      kind: 'service',
      glCode: '4800',
      categories: [{ name: 'Delivery', slug: 'delivery', glCode: '4810' }],
    },
  ],
});

describe('category tree', () => {
  it('moves a named category to another group, at the end of its list, and focus follows it', async () => {
    const onSubmit = vi.fn();
    renderInForm(<CategoryTreeRows />, { record: tree(), onSubmit });
    await userEvent.click(screen.getByRole('button', { name: 'Show the categories of Seats' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move category First Class to another group' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Set Dressing' }));
    expect(screen.getByText('No categories yet')).toBeTruthy();
    // Focus lands on the new parent's toggle (the moved row's button went with the row), not on the page.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Show the categories of Set Dressing'),
    );
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const saved = withoutEmptyValues(onSubmit.mock.calls[0]![0]) as CategoryTree;
    expect(saved.groups[0]!.categories).toEqual([]);
    expect(saved.groups[1]!.categories).toEqual([
      { name: 'First Class', slug: 'first-class', subcategories: [{ name: 'Pods', slug: 'pods' }] },
    ]);
  });

  it('asks before removing a group, saying what goes with it', async () => {
    renderInForm(<CategoryTreeRows />, { record: tree() });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Seats' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/"Seats" holds 1 category, 1 subcategory: they are removed with it/);
    await userEvent.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('textbox', { name: /group name/i })).toHaveLength(3);
    // An empty group goes at once.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Set Dressing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('textbox', { name: /group name/i })).toHaveLength(2);
  });

  it('flags a GL code in the wrong form, and a service category left without one, on its row', async () => {
    renderInForm(<CategoryTreeRows />, { record: tree(), mode: 'onChange' });
    const glCodes = screen.getAllByRole('textbox', { name: /GL code/i });
    await userEvent.clear(glCodes[0]!);
    await userEvent.type(glCodes[0]!, '42 00');
    expect(await screen.findByText(/Must be a general-ledger code such as 4010 or 4010-20/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show the categories of Service' }));
    await userEvent.clear(screen.getAllByRole('textbox', { name: /GL code/i })[2]!);
    await userEvent.clear(screen.getAllByRole('textbox', { name: /GL code/i })[3]!);
    expect(
      await screen.findByText(/Service category "Delivery" has no glCode and neither does its group "Service"/),
    ).toBeTruthy();
  });
});

describe('custom fields', () => {
  it("fills a new option's slug from its name until the slug is edited, and flags a repeated option", async () => {
    renderInForm(<CustomFieldRows />, {
      record: { items: [{ name: 'Eras', slug: 'eras', options: [{ name: '1950s', slug: '1950s' }] }] },
      mode: 'onChange',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show the options of Eras' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    const names = screen.getAllByRole('textbox', { name: /option name/i });
    const slugs = screen.getAllByRole('textbox', { name: /url slug/i });
    await userEvent.type(names[1]!, 'Jet Age & After');
    expect(slugs[2]).toHaveProperty('value', 'jet-age-and-after');
    await userEvent.clear(slugs[2]!);
    await userEvent.type(slugs[2]!, 'jet-age');
    await userEvent.type(names[1]!, '!');
    expect(slugs[2]).toHaveProperty('value', 'jet-age');
    // The existing option's slug never follows its name.
    await userEvent.clear(names[0]!);
    await userEvent.type(names[0]!, '1950S');
    expect(slugs[1]).toHaveProperty('value', '1950s');
    await userEvent.clear(names[1]!);
    await userEvent.type(names[1]!, '1950s');
    expect(
      await screen.findByText(
        'Eras option name "1950s" is already used by row 1, option 1; names must be unique among siblings',
      ),
    ).toBeTruthy();
  });
});

describe('vendor inputs', () => {
  it('takes eight factors named by what they charge, says what a week costs, and refuses one above 1', async () => {
    const onSubmit = vi.fn();
    renderInForm(<WeeklyDiscountsInput source="weeklyDiscounts" />, {
      record: { weeklyDiscounts: [0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75] },
      onSubmit,
    });
    expect(
      screen
        .getAllByRole('spinbutton')
        .map(
          (input) =>
            input.getAttribute('id') && (input as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, ''),
        ),
    ).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6', 'Day 7', 'Weeks 2 and on']);
    expect(screen.getByRole('status').textContent).toBe(
      'A whole week costs 4 day rates; each week after the first costs 3.',
    );
    const fourth = screen.getByRole('spinbutton', { name: /Day 4/ });
    await userEvent.clear(fourth);
    await userEvent.type(fourth, '1.5');
    save();
    expect(await screen.findByText('Must be 1 or less')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(fourth);
    await userEvent.type(fourth, '0.25');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].weeklyDiscounts).toEqual([0.5, 0.5, 1, 0.25, 0.5, 0.5, 1, 0.75]);
    expect(screen.getByRole('status').textContent).toBe(
      'A whole week costs 4.25 day rates; each week after the first costs 3.19.',
    );
  });

  it('finds a time zone by part of its name and shows its offset', async () => {
    const onSubmit = vi.fn();
    renderInForm(<TimezoneInput source="timezone" label="Time zone" />, {
      record: { timezone: 'America/Los_Angeles' },
      onSubmit,
    });
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(input);
    await userEvent.type(input, 'toky');
    const option = await screen.findByRole('option', { name: /Asia\/Tokyo/ });
    expect(option.textContent).toBe('Asia/TokyoUTC+09:00');
    await userEvent.click(option);
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].timezone).toBe('Asia/Tokyo');
  });
});
