/** Route parameters shared by the tenant routes; the tenant id is checked by the schema's own definition. */
import { definitionRef } from '../../../../schema/definitions';

export const tenantParams = {
  type: 'object',
  additionalProperties: false,
  required: ['tenantId'],
  properties: { tenantId: definitionRef('tenantId') },
} as const;
