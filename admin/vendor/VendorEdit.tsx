/**
 * The vendor: contact, address, position and time zone, hours, legal name, the marketplace
 * listing and the weekly discounts, one record (`vendor/<tenantId>`). Every input comes from
 * the vendor schema; the discounts, the time zone, the position check, the houses a house lends to and
 * the list of stores are the hand-made parts.
 */
import { Divider } from '@mui/material';
import { SimpleForm, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { rootSchema } from '../../schema/schema-walk';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { fieldsOf, withoutEmptyValues, type FieldSpec } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';
import { GeoPointCheck } from './GeoPointCheck';
import { StoresInput } from './StoresInput';
import { SubHireHousesInput } from './SubHireHousesInput';
import { WeeklyDiscountsInput } from './WeeklyDiscountsInput';

const fields = fieldsOf(rootSchema('vendor'));
// Fields grouped by the object they belong to (address, _geoloc …), in schema order.
const groups = fields.reduce<Array<{ object: string; fields: FieldSpec[] }>>((all, field) => {
  const object = field.source.includes('.') ? field.source.split('.')[0]! : '';
  const last = all.at(-1);
  if (last && last.object === object) last.fields.push(field);
  else all.push({ object, fields: [field] });
  return all;
}, []);

export function VendorEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <RecordEdit
      resource={`tenants/${tenantId}/vendor`}
      id={tenantId}
      transform={withoutEmptyValues}
      title={translate('backlot.vendor.title', { tenant: tenantId })}
    >
      <SimpleForm toolbar={<RecordToolbar />} warnWhenUnsavedChanges sx={{ maxWidth: 880 }}>
        {groups.map((group, index) => (
          <div key={`${group.object}-${index}`} style={{ width: '100%' }}>
            {group.object && <Divider sx={{ my: 1 }} />}
            {group.fields.map((field) => (
              <SchemaInput key={field.source} field={field} />
            ))}
            {group.object === '_geoloc' && <GeoPointCheck source="_geoloc" timezoneSource="timezone" />}
            {group.object === 'subHires' && <SubHireHousesInput tenantId={tenantId} source="subHires.houses" />}
            {/* The stores come after the address: the first is the house's main one. */}
            {group.object === 'address' && <StoresInput />}
            {group.object && <Divider sx={{ mb: 2 }} />}
          </div>
        ))}
        <WeeklyDiscountsInput source="weeklyDiscounts" />
      </SimpleForm>
    </RecordEdit>
  );
}
