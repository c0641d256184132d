/**
 * A tenant's catalogue items: a photo, name, category, day rate and stock per row, searchable by
 * text and filtered by the listing's own facets (group, colour), sortable, paged; select rows to
 * tag or move them together. A row opens the item's form.
 */
import { Box } from '@mui/material';
import { CreateButton, Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import type { Item } from '../../schema/types.generated';
import { ItemBulkActions } from './ItemBulkActions';
import { useTenantChoices } from './useTenantChoices';

export function ItemList({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { groupChoices, colourChoices, groups } = useTenantChoices(tenantId);
  const categoryName = (item: Item) => {
    const group = groups.find((candidate) => candidate.slug === item.category.group);
    const category = group?.categories.find((candidate) => candidate.slug === item.category.category);
    return [group?.name ?? item.category.group, category?.name ?? item.category.category].join(' › ');
  };
  return (
    <List
      resource={`tenants/${tenantId}/items`}
      title={translate('backlot.items.title', { tenant: tenantId })}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('backlot.items.search')} />,
        <SelectInput key="group" source="group" label={translate('backlot.items.group')} choices={groupChoices} alwaysOn emptyText={translate('backlot.items.anyGroup')} />,
        <SelectInput key="colors" source="colors" label={translate('backlot.items.colour')} choices={colourChoices} alwaysOn emptyText={translate('backlot.items.anyColour')} />,
      ]}
      actions={
        <TopToolbar>
          <CreateButton to={`/t/${tenantId}/items/create`} />
        </TopToolbar>
      }
      empty={false}
    >
      <Datagrid
        rowClick={(id) => `/t/${tenantId}/items/${encodeURIComponent(String(id))}`}
        bulkActionButtons={<ItemBulkActions tenantId={tenantId} />}
        empty={<Box sx={{ p: 2 }}>{translate('backlot.items.empty')}</Box>}
      >
        <FunctionField
          label=""
          render={(item: Item) => {
            const photo = item.images?.[0];
            return photo ? <img src={photo.url} alt="" width={56} height={42} style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} /> : null;
          }}
        />
        <TextField source="name" label={translate('backlot.items.name')} />
        <FunctionField label={translate('backlot.items.category')} render={categoryName} />
        <NumberField source="rates.day" label={translate('backlot.items.dayRate')} options={{ style: 'currency', currency: 'USD' }} sortBy="rates.day" />
        <NumberField source="quantity" label={translate('backlot.items.quantity')} />
        <DateField source="updatedAt" label={translate('backlot.items.updated')} />
      </Datagrid>
    </List>
  );
}
