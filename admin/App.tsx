/**
 * The console: react-admin over the Backlot API. Telemetry is off (it would call out to the
 * internet). Resources follow react-admin's demo: one folder each, exporting the resource; the
 * tenant's own screens (tenant-screens.tsx) live under /t/<tenantId>/.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import {
  Admin,
  AppBar,
  CustomRoutes,
  defaultTheme,
  Layout,
  Resource,
  TitlePortal,
  type LayoutProps,
  type RaThemeOptions,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { createDataProvider } from './dataProvider';
import { en } from './i18n/en';
import { Menu } from './Menu';
import { TENANT_SCREENS } from './tenant-screens';
import outbox from './outbox';
import houseApplications from './house-applications';
import productionRequests from './production-requests';
import houses from './payouts';
import { Welcome } from './welcome/Welcome';
import tenants, { TenantSwitcher } from './tenants';
import { TenantGate } from './tenants/TenantGate';

const dataProvider = createDataProvider('/api');
const authProvider = createAuthProvider('/api');
const i18nProvider = polyglotI18nProvider(() => en, 'en', { allowMissing: true });
// react-admin sizes its layout to fit its widest content (min-width: fit-content): a row of tabs
// would widen the page past a phone's screen. Scrollable parts scroll instead.
const ConsoleAppBar = () => (
  <AppBar>
    <TitlePortal />
    <TenantSwitcher />
  </AppBar>
);
const ConsoleLayout = (props: LayoutProps) => (
  <Layout {...props} menu={Menu} appBar={ConsoleAppBar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }} />
);
// react-admin's default blue app bar fails WCAG AA contrast with white text; a deep navy passes.
// Warning a darker orange than MUI's (#ed6c02, 3.1:1 under white text): a "Requested" chip's label reads at 4.7:1 (WCAG AA).
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f3a5f' },
    secondary: { main: '#1f3a5f' },
    warning: { main: '#b85a00' },
  },
};

export function App() {
  return (
    <Admin
      title="Backlot"
      disableTelemetry
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={ConsoleLayout}
      theme={theme}
      requireAuth
    >
      <Resource name="tenants" {...tenants} />
      <Resource name="outbox" {...outbox} />
      <Resource name="house-applications" {...houseApplications} />
      <Resource name="marketplace/production-requests" {...productionRequests} />
      <Resource name="marketplace/houses" {...houses} />
      <CustomRoutes noLayout>
        <Route path="/welcome/:token" element={<Welcome />} />
      </CustomRoutes>
      <CustomRoutes>
        {TENANT_SCREENS.map(({ path, Component }) => (
          <Route
            key={path}
            path={`/t/:tenantId/${path}/*`}
            element={
              <TenantGate>
                <Component />
              </TenantGate>
            }
          />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
