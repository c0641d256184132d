/**
 * A tenant's configuration and items may point only at that tenant's own files: its images
 * (`/assets/<tenantId>/…`) and its item photos (`/items/<tenantId>/…`). A harbor item showing
 * `/items/aviation/seat.svg` would publish another tenant's picture under harbor's name. The
 * platform's shared images (`/assets/<file>`, one segment) stay open to all. Pure, browser-safe:
 * the tenant rules, the item rules, the API and the console's forms run this one check.
 */
import { joinPointer } from './json-source';

/** `/assets/<tenant>/…` or `/items/<tenant>/…` at the start of a value, after a space, a quote or a bracket (Markdown links and images), or after `(`. */
const TENANT_FILE_REFERENCE = /(?:^|[\s("'<=[])\/(assets|items)\/([^/\s"'()<>?#]+)\//g;

export interface ForeignFileReference {
  /** JSON pointer, relative to the value given. */
  pointer: string;
  message: string;
  rule: 'own-files-only';
}

/** Every string in `value` that names another tenant's files, with where it is. */
export function foreignFileReferences(value: unknown, tenantId: string, base = ''): ForeignFileReference[] {
  const found: ForeignFileReference[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(TENANT_FILE_REFERENCE)) {
        const [, kind, owner] = match;
        if (owner === tenantId) continue;
        found.push({
          pointer,
          message: `${JSON.stringify(`/${kind}/${owner}/…`)} is another tenant's ${kind === 'items' ? 'item photo' : 'image'}: use this tenant's own files (/${kind}/${tenantId}/…)`,
          rule: 'own-files-only',
        });
        break;
      }
    } else if (Array.isArray(node)) node.forEach((entry, index) => visit(entry, joinPointer(pointer, index)));
    else if (node && typeof node === 'object')
      for (const [key, entry] of Object.entries(node)) visit(entry, joinPointer(pointer, key));
  };
  visit(value, base);
  return found;
}
