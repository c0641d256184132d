/** A URL slug from a name, in the schema's slug form: lowercase letters, digits and single hyphens ("Mid-Century Modern" → "mid-century-modern"). Pure. */
export function slugify(name: string, maxLength = 64): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
