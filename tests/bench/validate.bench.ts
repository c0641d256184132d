/**
 * What locating every problem costs. Baseline, same run: JSON.parse + the same compiled Ajv
 * validators with no source positions and no cross-field rules. Backlot: the full check
 * (position-keeping parse, schema, messages, rules). Read the ratio vitest prints.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bench, describe } from 'vitest';
import { getAjv } from '../../schema/node/ajv';
import { schemaIds } from '../../schema/documents';
import { checkTenantSources, TENANT_PARTS, tenantFileName, type TenantPart } from '../../schema/node/loader';
import { tenantsDir } from '../helpers/paths';

const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, tenantFileName(part)])) as Record<
  TenantPart,
  string
>;
const read = (dir: string) =>
  Object.fromEntries(TENANT_PARTS.map((p) => [p, readFileSync(path.join(dir, files[p]), 'utf8')])) as Record<
    TenantPart,
    string
  >;
const validators = Object.fromEntries(TENANT_PARTS.map((p) => [p, getAjv().getSchema(schemaIds[p])!]));

const valid = read(path.join(tenantsDir, 'aviation'));
const invalid = {
  ...valid,
  site: valid.site.replace('"maxColumnCount": 3', '"maxColumnCount": 30').replace('"appTitle"', '"apTitle"'),
};

function bareAjv(sources: Record<TenantPart, string>) {
  let ok = true;
  for (const part of TENANT_PARTS) ok = validators[part]!(JSON.parse(sources[part])) && ok;
  return ok;
}

describe('valid aviation tenant (≈ 600 lines)', () => {
  bench('baseline: JSON.parse + Ajv', () => {
    bareAjv(valid);
  });
  bench('backlot: located check with rules', () => {
    checkTenantSources('aviation', valid, files);
  });
});

describe('invalid aviation tenant (2 problems)', () => {
  bench('baseline: JSON.parse + Ajv', () => {
    bareAjv(invalid);
  });
  bench('backlot: located check with rules', () => {
    checkTenantSources('aviation', invalid, files);
  });
});
