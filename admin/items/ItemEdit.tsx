/**
 * One item's form. Saving sends the version it was read at (If-Match): when someone else saved the
 * item meanwhile, the server answers 412 and the form keeps what was typed, with the message saying
 * to reload. A new item is created with its id, listed now.
 */
import { Create, Edit, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Item } from '../../schema/types.generated';
import { withoutEmptyValues } from '../schema-form/fields';
import { ItemForm } from './ItemForm';

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
  return (
    <Edit
      resource={`tenants/${tenantId}/items`}
      id={decodeURIComponent(id)}
      mutationMode="pessimistic"
      redirect={false}
      title={translate('backlot.items.editTitle', { tenant: tenantId })}
      transform={(data: Item) => stamped(data, false)}
    >
      <ItemForm tenantId={tenantId} isNew={false} />
    </Edit>
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
