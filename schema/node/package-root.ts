/** The folder holding Backlot's package.json, found from this file whether it runs from source or from dist/. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'backlot')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find Backlot's package.json above ${start}`);
  }
}

export const packageRoot = findPackageRoot(import.meta.dirname);
export const schemaDir = path.join(packageRoot, 'schema');

/** The `$schema` value for a tenant file written into `tenantDir`: a relative path to the schema, so editors find it. */
export function schemaPathFrom(tenantDir: string, part: string): string {
  return path
    .relative(tenantDir, path.join(schemaDir, `${part}.schema.json`))
    .split(path.sep)
    .join('/');
}
