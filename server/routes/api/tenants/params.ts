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

/** How many days ahead a list looks, 1 to `most` (7 unless said): a query string of those digits and no other. */
export const daysAheadQuery = (most: number) => ({
  type: 'string' as const,
  pattern: `^(?:${Array.from({ length: most }, (_, day) => day + 1).join('|')})$`,
  description: `How many days from today, 1 to ${most} (7 unless said)`,
});

/** A query's store, for the floor's and the reports' views of one store (a house with several). */
export const storeQuery = {
  ...definitionRef('slug'),
  description: "One store's view (every store's when left out)",
} as const;
