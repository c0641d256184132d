/** The console's Vite build: a single-page app under /admin/, into dist/admin. */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  // One optimized-deps cache per app: the storefront and the console run in one dev server, and a
  // shared cache made each re-optimize under the other (504 Outdated Optimize Dep, a page that never loads).
  cacheDir: path.resolve(root, '../node_modules/.vite/admin'),
  base: '/admin/',
  plugins: [react()],
  // One bundle of react-admin + MUI (about 325 KB gzip; the goal is 350): Vite's 500 KB-minified warning does not apply.
  build: { outDir: path.resolve(root, '../dist/admin'), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
