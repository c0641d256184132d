/**
 * Renders a console component the way the console does: inside react-admin's AdminContext
 * (theme, i18n, router) and a react-admin Form holding `record`. No data provider is needed:
 * these components only read and write the form. Helpers for component tests (jsdom).
 */
import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactNode } from 'react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { en } from '../../admin/i18n/en';

const i18nProvider = polyglotI18nProvider(() => en, 'en', { allowMissing: true });

export function renderInForm(
  children: ReactNode,
  options: {
    record?: Record<string, unknown>;
    onSubmit?: (values: Record<string, unknown>) => void;
    mode?: 'onChange' | 'onSubmit';
  } = {},
) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form
        record={{ id: 'record', ...options.record }}
        onSubmit={options.onSubmit ?? (() => undefined)}
        mode={options.mode}
      >
        {children}
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
}
