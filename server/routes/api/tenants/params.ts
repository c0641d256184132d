/** Route parameters shared by the tenant routes; the tenant id is checked by the schema's own definition. */
import { definitionRef } from '../../../../schema/definitions';
import { schemaIds } from '../../../../schema/documents';
import { MONTH_PATTERN } from '../../../../schema/marketplace/statements';

export const tenantParams = {
  type: 'object',
  additionalProperties: false,
  required: ['tenantId'],
  properties: { tenantId: definitionRef('tenantId') },
} as const;

/** A tenant and a calendar month (YYYY-MM): its monthly files. */
export const monthParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'month'],
  properties: {
    ...tenantParams.properties,
    month: { type: 'string', pattern: MONTH_PATTERN.source, description: 'A calendar month, YYYY-MM' },
  },
} as const;

/** A tenant and one of its units, by asset tag. */
export const unitParams = {
  type: 'object',
  required: ['tenantId', 'tag'],
  properties: { ...tenantParams.properties, tag: { $ref: `${schemaIds.unit}#/$defs/assetTag` } },
} as const;

/** A query's store, for the floor's and the reports' views of one store (a house with several). */
export const storeQuery = {
  ...definitionRef('slug'),
  description: "One store's view (every store's when left out)",
} as const;
