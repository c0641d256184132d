/** `vendor`: the vendor configuration (contact, address, weekly discounts …), one record whose id is the vendor id. */
import type { VendorConfig } from '../../../../../schema/types.generated';
import type { RecordResource } from '../record-resource';

export const vendor: RecordResource = {
  name: 'vendor',
  summary: 'the vendor (one record, whose id is the vendor id, which is the tenant id)',
  list: (tenant) => [{ ...tenant.vendor }],
  // The vendor id is the record id and the tenant's folder name: it never changes here.
  update(tenant, id, body) {
    return { ...tenant, vendor: { ...body, id } as unknown as VendorConfig };
  },
  locationOf: () => ({ pointer: '/vendor' }),
};
