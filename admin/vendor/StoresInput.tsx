/**
 * The house's stores, in the vendor's form: each a row of the store schema's fields (id, name,
 * address, time zone, position, from schema-form/fields.ts). The first is the main store: it keeps
 * all stock not placed at another and fulfils a request no store is chosen for.
 */
import { Typography } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { propertySchema, itemSchema, rootSchema } from '../../schema/schema-walk';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

const stores = propertySchema(rootSchema('vendor'), 'stores')!;
// Each field named as the store's, apart from the house's own address and time zone above.
const storeFields = fieldsOf(itemSchema(stores)!, { parentLabel: 'Store' });

export function StoresInput() {
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {(stores.schema.title as string | undefined) ?? 'Stores'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {stores.schema.description as string}
      </Typography>
      <ArrayInput source="stores" label={false}>
        <SimpleFormIterator
          sx={{ '& .RaSimpleFormIterator-line:focus-within > .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          {storeFields.map((field) => (
            <SchemaInput key={field.source} field={field} />
          ))}
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
