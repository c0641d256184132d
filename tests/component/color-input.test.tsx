// @vitest-environment jsdom
/** The colour input: the hex value typed or picked reaches the form; a value that is not a hex colour is refused with the schema's message. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColorInput } from '../../admin/components/ColorInput';
import { scalarField } from '../../admin/schema-form/fields';
import { validatorsOf } from '../../admin/schema-form/SchemaInput';
import { propertySchema, rootSchema } from '../../schema/schema-walk';
import { renderInForm } from './render';

afterEach(cleanup);

const theme = propertySchema(rootSchema('site'), 'theme')!;
const primary = scalarField(propertySchema(theme, 'primaryColor')!, 'theme.primaryColor')!;

describe('ColorInput', () => {
  it('saves the hex value typed, and the swatch shows it', async () => {
    const onSubmit = vi.fn();
    renderInForm(<ColorInput source="theme.primaryColor" label={primary.label} validate={validatorsOf(primary)} />, {
      record: { theme: { primaryColor: '#1d3557' } },
      onSubmit,
    });
    const input = screen.getByRole('textbox', { name: primary.label });
    expect(input).toHaveProperty('value', '#1d3557');
    await userEvent.clear(input);
    await userEvent.type(input, '#aa0000');
    expect(screen.getByRole('button', { name: `Pick ${primary.label}` }).style.background).toMatch(
      /rgb\(170, 0, 0\)|#aa0000/,
    );
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ theme: { primaryColor: '#aa0000' } });
  });

  it('refuses a value that is not a hex colour, with the schema message under the input', async () => {
    const onSubmit = vi.fn();
    renderInForm(<ColorInput source="theme.primaryColor" label={primary.label} validate={validatorsOf(primary)} />, {
      record: { theme: { primaryColor: '#1d3557' } },
      onSubmit,
    });
    const input = screen.getByRole('textbox', { name: primary.label });
    await userEvent.clear(input);
    await userEvent.type(input, 'navy');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(/Must be a hex colour such as #1e88e5/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens the picker as a dialog named after the setting', async () => {
    renderInForm(<ColorInput source="theme.primaryColor" label={primary.label} />, {
      record: { theme: { primaryColor: '#1d3557' } },
    });
    await userEvent.click(screen.getByRole('button', { name: `Pick ${primary.label}` }));
    const dialog = await screen.findByRole('dialog', { name: primary.label });
    // react-colorful's saturation square and hue bar are keyboard sliders.
    expect(dialog.querySelectorAll('[role=slider]').length).toBe(2);
  });
});
