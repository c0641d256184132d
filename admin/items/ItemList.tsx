/**
 * A tenant's catalogue items: a photo, name, category, day rate and stock per row, searchable by
 * text and filtered by the listing's own facets (group, colour, tags) and, added from "Add
 * filter", by day-rate bin, vendor and each of the tenant's custom fields (Eras, Styles, Rooms …), sortable, paged; select
 * rows to tag or move them together. A row opens the item's form. As on the storefront, several
 * values of one filter match any of them, and the filters all apply together.
 */
import { Box } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  AutocompleteArrayInput,
  Button,
  CreateButton,
  Datagrid,
  DateField,
  FilterButton,
  FunctionField,
  Link,
  List,
  NumberField,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useGetList,
  useTranslate,
} from 'react-admin';
import { PRICE_BINS } from '../../schema/catalogue-search';
import type { Item } from '../../schema/types.generated';
import { ItemBulkActions } from './ItemBulkActions';
import { useTenantChoices } from './useTenantChoices';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { tableScrollsInCard } from '../components/table-scroll';

/** A price bin in the house's own currency ("Under £50"), whole amounts. */
function binWords(bin: (typeof PRICE_BINS)[number], money: (amount: number) => string): string {
  const whole = (amount: number) => money(amount).replace(/[.,]00$/, '');
  if (bin.min === 0) return `Under ${whole(bin.max)}`;
  if (bin.max === Infinity) return `${whole(bin.min)} and up`;
  return `${whole(bin.min)} to ${whole(bin.max)}`;
}

export function ItemList({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { groupChoices, colourChoices, groups, customFields } = useTenantChoices(tenantId);
  const tenant = useQuoteTenant(tenantId);
  const { data: tags } = useGetList<{ id: string; count: number }>(`tenants/${tenantId}/item-tags`, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const tagChoices = (tags ?? []).map((tag) => ({ id: tag.id, name: `${tag.id} (${tag.count})` }));
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
        <SelectInput
          key="group"
          source="group"
          label={translate('backlot.items.group')}
          choices={groupChoices}
          alwaysOn
          emptyText={translate('backlot.items.anyGroup')}
        />,
        <SelectInput
          key="colors"
          source="colors"
          label={translate('backlot.items.colour')}
          choices={colourChoices}
          alwaysOn
          emptyText={translate('backlot.items.anyColour')}
        />,
        <AutocompleteArrayInput
          key="tags"
          source="tags"
          label={translate('backlot.items.tags')}
          choices={tagChoices}
          alwaysOn
          sx={{ minWidth: 220 }}
        />,
        <SelectArrayInput
          key="priceBin"
          source="priceBin"
          label={translate('backlot.items.dayRateBin')}
          choices={PRICE_BINS.map((bin) => ({ id: bin.slug, name: binWords(bin, tenant.money) }))}
          sx={{ minWidth: 200 }}
        />,
        <TextInput key="vendorId" source="vendorId" label={translate('backlot.items.vendor')} helperText={false} />,
        ...customFields.map((field) => (
          <SelectArrayInput
            key={field.slug}
            source={`customFields.${field.slug}`}
            label={field.name}
            choices={field.options.map((option) => ({ id: option.slug, name: option.name }))}
            sx={{ minWidth: 200 }}
          />
        )),
      ]}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton to={`/t/${tenantId}/items/create`} />
          <Button
            component={Link}
            to={`/t/${tenantId}/items/import`}
            label="backlot.itemImport.open"
            startIcon={<UploadFileIcon />}
          />
        </TopToolbar>
      }
      empty={false}
    >
      <Datagrid
        rowClick={(id) => `/t/${tenantId}/items/${encodeURIComponent(String(id))}`}
        bulkActionButtons={<ItemBulkActions tenantId={tenantId} />}
        empty={<Box sx={{ p: 2 }}>{translate('backlot.items.empty')}</Box>}
        // On a phone the columns that tell items apart stay (category and date go), and a table
        // still too wide scrolls inside its card.
        sx={{ ...tableScrollsInCard, '& .wide-only': { display: { xs: 'none', md: 'table-cell' } } }}
      >
        <FunctionField
          label=""
          render={(item: Item) => {
            const photo = item.images?.[0];
            return photo ? (
              <img
                src={photo.url}
                alt=""
                width={56}
                height={42}
                style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
              />
            ) : null;
          }}
        />
        <TextField source="name" label={translate('backlot.items.name')} />
        <FunctionField
          label={translate('backlot.items.category')}
          render={categoryName}
          cellClassName="wide-only"
          headerClassName="wide-only"
        />
        {/* In the house's own currency and locale (a London house's rates are pounds). */}
        <FunctionField
          source="rates.day"
          label={translate('backlot.items.dayRate')}
          sortBy="rates.day"
          textAlign="right"
          render={(item: Item) => tenant.money(item.rates.day)}
        />
        <NumberField source="quantity" label={translate('backlot.items.quantity')} />
        <DateField
          source="updatedAt"
          label={translate('backlot.items.updated')}
          cellClassName="wide-only"
          headerClassName="wide-only"
        />
      </Datagrid>
    </List>
  );
}
