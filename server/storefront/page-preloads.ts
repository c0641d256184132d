/**
 * The `<link rel="modulepreload">` tags of a page's own chunks (storefront/routes.tsx loads each
 * page's module before hydrating): named in the document's head, the browser fetches them beside
 * the entry script instead of after it. Read from Vite's manifest of the production build; in dev
 * (no manifest) there are none, and Vite serves modules as they are asked for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { escapeHtml } from '../../schema/display/escape';
import { pageModuleSource, type PageKey } from '../../storefront/page-modules';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export function pagePreloads(manifestFile: string): (key: PageKey) => string {
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const links = new Map<PageKey, string>();
  return (key) => {
    let html = links.get(key);
    if (html === undefined) {
      const files = new Set<string>();
      const visit = (name: string) => {
        const chunk = manifest[name];
        // The entry is in the page already; a chunk reached twice is listed once.
        if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(pageModuleSource(key));
      html = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join('');
      links.set(key, html);
    }
    return html;
  };
}
