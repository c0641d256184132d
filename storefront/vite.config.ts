/**
 * The storefront's Vite build: a client bundle (hydration) and an SSR bundle (entry-server.tsx)
 * into dist/storefront, which @fastify/vite serves in production and runs as middleware in dev.
 */
import path from 'node:path';
import { viteFastify } from '@fastify/vite/plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  // One optimized-deps cache per app: the storefront and the console run in one dev server, and a
  // shared cache made each re-optimize under the other (504 Outdated Optimize Dep, a page that never loads).
  cacheDir: path.resolve(root, '../node_modules/.vite/storefront'),
  plugins: [viteFastify({ clientModule: '/entry-server.tsx' }), react()],
  build: {
    outDir: path.resolve(root, '../dist/storefront'),
    emptyOutDir: true,
    // Tenant assets own /assets/<tenantId>/…; the bundle's files live apart from them.
    assetsDir: '_storefront',
    // The server names each page's chunks in its HTML (<link rel="modulepreload">, from the
    // manifest: server/storefront/page-preloads.ts), so the client carries no second map of every
    // page's dependencies: that map grew with every shared chunk, on every page's first load.
    modulePreload: false,
  },
  environments: {
    // @fastify/vite names the SSR input "index" but loads the file named after clientModule.
    ssr: { build: { rollupOptions: { output: { entryFileNames: 'entry-server.js' } } } },
  },
  server: {
    // Dev only: the tenant hosts the dev server answers for (<tenantId>.localhost, tenant domains
    // mapped to loopback in /etc/hosts).
    allowedHosts: true,
  },
});
