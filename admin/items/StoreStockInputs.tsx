/**
 * How many of the item each store other than the main one keeps, in the item's form (the item
 * schema's storeStock): a store chosen from the house's, and a count. The main store keeps the
 * rest. Shown only to a house with several stores; later moves are transfers (Transfers).
 */
import { Typography } from '@mui/material';
import { ArrayInput, SelectInput, SimpleFormIterator, required } from 'react-admin';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';
import { useTenantRecord } from '../tenants/useTenantRecord';

const storeStock = propertySchema(rootSchema('item'), 'storeStock')!;
const [storeField, quantityField] = fieldsOf(itemSchema(storeStock)!);

export function StoreStockInputs({ tenantId }: { tenantId: string }) {
  const { data: tenant } = useTenantRecord(tenantId);
  const stores = tenant?.vendor.stores ?? [];
  if (stores.length < 2) return null;
  const others = stores.slice(1);
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {storeStock.schema.title as string}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {storeStock.schema.description as string}
      </Typography>
      <ArrayInput source="storeStock" label={false}>
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source={storeField!.source}
            label={storeField!.label}
            choices={others.map((store) => ({ id: store.id, name: store.name }))}
            validate={required()}
            sx={{ minWidth: 200 }}
          />
          <SchemaInput field={quantityField!} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
