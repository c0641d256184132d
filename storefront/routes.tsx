/**
 * The page for a path, from the one route table in schema/routes.ts: each §2 route shows the page
 * for its kind, a rental category the category page, anything else the 404 page. Which is which
 * is decided by resolvePage (lib/navigation.ts), on the server and again when the client hydrates.
 *
 * Links are plain anchors, so every navigation is a server render: it works without JavaScript,
 * and the client bundle carries no router. Measured: react-router's data router adds 32 KB of
 * gzip to the bundle, and even its matchRoutes alone 17 KB, against a 90 KB budget for a page
 * that has nothing to route on the client.
 *
 * Each page is its own module, loaded by `loadPage`: the browser fetches the shared frame and the
 * one page it shows (the catalogue's filters, the quote form, the account forms and the set lists
 * stay out of every other page's download), and hydrates once it is there.
 */
import type { ComponentType } from 'react';
import type { Page } from './lib/navigation';
import { PAGE_MODULES, pageKeyOf } from './page-modules';

// One chunk per page module: Vite splits what import.meta.glob loads lazily.
const pageLoaders = import.meta.glob<Record<string, ComponentType>>('./pages/*Page.tsx');

/** The page component for a resolved path, its module loaded (once: modules are cached). */
export async function loadPage(page: Page, tenantId: string): Promise<ComponentType> {
  const { module, component } = PAGE_MODULES[pageKeyOf(page, tenantId)];
  return (await pageLoaders[`./pages/${module}.tsx`]!())[component]!;
}
