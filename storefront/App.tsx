/** The whole page for a PageState: the configuration provider at the root, the frame, and the page for the path (routes.tsx's loadPage). */
import { StrictMode, useEffect, type ComponentType } from 'react';
import { AuthProvider } from './auth/AuthProvider';
import { ConfirmProvider } from './components/ConfirmDialog';
import { Layout } from './components/Layout';
import { PageStateProvider } from './config/ConfigurationProvider';
import type { PageState } from './document/state';

export function App({ state, Page }: { state: PageState; Page: ComponentType }) {
  // Marks the page interactive (tests wait for it; CSS could use it).
  useEffect(() => void document.documentElement.setAttribute('data-hydrated', ''), []);
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
