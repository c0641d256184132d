/** The whole page for a PageState: the configuration provider at the root, the frame, and the page for the path. */
import { StrictMode, useEffect } from 'react';
import { AuthProvider } from './auth/AuthProvider';
import { ConfirmProvider } from './components/ConfirmDialog';
import { Layout } from './components/Layout';
import { PageStateProvider } from './config/ConfigurationProvider';
import type { PageState } from './document/state';
import { resolvePage } from './lib/navigation';
import { pageFor } from './routes';

export function App({ state }: { state: PageState }) {
  // Marks the page interactive (tests wait for it; CSS could use it).
  useEffect(() => void document.documentElement.setAttribute('data-hydrated', ''), []);
  const Page = pageFor(resolvePage(state.path, state.configuration.categories));
  return (
    <StrictMode>
      <PageStateProvider state={state}>
        <AuthProvider>
          <ConfirmProvider>
            <Layout current={state.path}>
              <Page />
            </Layout>
          </ConfirmProvider>
        </AuthProvider>
      </PageStateProvider>
    </StrictMode>
  );
}
