/**
 * One item's form. Saving sends the version it was read at (If-Match): when someone else saved the
 * item meanwhile, the server answers 412, the form keeps what was typed, and the console's one
 * conflict dialog (RecordEdit) compares, names a setting both changed, and reapplies or discards.
 * A new item is created with its id, listed now. Under a saved item's form, its availability and
 * its units (with labels to print).
 */
import { useState } from 'react';
import { Create, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { EDITED_RECORD_QUERY, RecordEdit } from '../components/RecordEdit';
import { useParams } from 'react-router-dom';
import type { Item } from '../../schema/types.generated';
import { withoutEmptyValues } from '../schema-form/fields';
import { ItemAvailability } from './ItemAvailability';
import { ItemForm } from './ItemForm';
import { ItemUnits } from './ItemUnits';

/**
 * The item as saved: inputs left empty are left out (an optional size with no numbers is no size),
 * and the dates follow the change.
 */
const stamped = (data: Item, isNew: boolean): Item => {
  const now = new Date().toISOString();
  return { ...withoutEmptyValues(data), ...(isNew && { createdAt: now }), updatedAt: now };
};

export function ItemEdit({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const refresh = useRefresh();
  const objectID = decodeURIComponent(id);
  const [unitsMoved, setUnitsMoved] = useState(0);
  const { data: item } = useGetOne<Item & { id: string }>(
    `tenants/${tenantId}/items`,
    { id: objectID },
    EDITED_RECORD_QUERY,
  );
  return (
    <>
      <RecordEdit
        resource={`tenants/${tenantId}/items`}
        subject="this item"
        id={objectID}
        title={translate('backlot.items.editTitle', { tenant: tenantId })}
        transform={(data) => stamped(data as Item, false)}
      >
        <ItemForm tenantId={tenantId} isNew={false} />
      </RecordEdit>
      <ItemAvailability tenantId={tenantId} objectID={objectID} refresh={unitsMoved} />
      {/* Moving to units changes the item (its tracking): the form is read again, so its next save is not refused as stale. */}
      {item && (
        <ItemUnits
          tenantId={tenantId}
          objectID={objectID}
          tracking={item.tracking ?? 'quantity'}
          onTracked={refresh}
          onMoved={() => setUnitsMoved((count) => count + 1)}
        />
      )}
    </>
  );
}

export function ItemCreate({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  return (
    <Create
      resource={`tenants/${tenantId}/items`}
      redirect={(_resource, id) => `t/${tenantId}/items/${encodeURIComponent(String(id))}`}
      title={translate('backlot.items.createTitle', { tenant: tenantId })}
      transform={(data: Item) => stamped(data, true)}
    >
      <ItemForm tenantId={tenantId} isNew />
    </Create>
  );
}
