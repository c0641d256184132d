/**
 * The console: react-admin over the Backlot API. Telemetry is off (it would call out to the
 * internet). Resources follow react-admin's demo: one folder each, exporting the resource.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Admin, CustomRoutes, defaultTheme, Layout, Resource, type LayoutProps, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { createDataProvider } from './dataProvider';
import { en } from './i18n/en';
import { Menu } from './Menu';
import { SiteEdit } from './settings';
import tenants from './tenants';

const dataProvider = createDataProvider('/api');
const authProvider = createAuthProvider('/api');
const i18nProvider = polyglotI18nProvider(() => en, 'en', { allowMissing: true });
const ConsoleLayout = (props: LayoutProps) => <Layout {...props} menu={Menu} />;
// react-admin's default blue app bar fails WCAG AA contrast with white text; a deep navy passes.
const theme: RaThemeOptions = { ...defaultTheme, palette: { ...defaultTheme.palette, primary: { main: '#1f3a5f' }, secondary: { main: '#1f3a5f' } } };

export function App() {
  return (
    <Admin title="Backlot" disableTelemetry dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} dashboard={Dashboard} layout={ConsoleLayout} theme={theme} requireAuth>
      <Resource name="tenants" {...tenants} />
      <CustomRoutes>
        <Route path="/t/:tenantId/site/*" element={<SiteEdit />} />
      </CustomRoutes>
    </Admin>
  );
}
