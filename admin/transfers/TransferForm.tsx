/**
 * A transfer as the house makes one: the item (searched by name), how many, from which store to
 * which, and its days out and in, from the schema's TransferInput (schema-form/fields.ts). A
 * refusal is shown at its field; one that only leaves holds short offers "Leave holds short".
 */
import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Form,
  ReferenceInput,
  SelectInput,
  required,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { propertySchema, resolveRef, rootSchema } from '../../schema/schema-walk';
import type { Store, TransferInput, Unit } from '../../schema/types.generated';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';
import { transfersApi } from './transfers-api';

const unit = rootSchema('unit');
const transferInput = resolveRef('#/$defs/transferInput', unit.document);
const fields = fieldsOf(transferInput);
/** The units named (an array: no scalar field of its own). */
const tagsSchema = propertySchema(transferInput, 'tags')!.schema as { title: string; description: string };
const field = (source: string) => fields.find((each) => each.source === source)!;

/** The units of a unit-tracked item at the store it leaves, to name those moved (the quantity follows). */
function UnitTagsInput({
  tenantId,
  main,
  label,
  help,
}: {
  tenantId: string;
  main: string;
  label: string;
  help?: string;
}) {
  const [objectID, from] = useWatch({ name: ['objectID', 'from'] }) as [string | undefined, string | undefined];
  const { setValue } = useFormContext();
  const [units, setUnits] = useState<{ key: string; units: Unit[] }>();
  useEffect(() => {
    if (!objectID) return;
    let live = true;
    transfersApi.units(tenantId, objectID).then(
      (found) => live && setUnits({ key: objectID, units: found }),
      () => live && setUnits({ key: objectID, units: [] }),
    );
    return () => void (live = false);
  }, [tenantId, objectID]);
  const here = units && units.key === objectID ? units.units : [];
  if (!here.length) return null;
  const choices = here
    .filter((unit) => unit.status !== 'out' && (unit.store ?? main) === from)
    .map((unit) => ({ id: unit.tag, name: `${unit.tag}${unit.status === 'inService' ? '' : ` (${unit.status})`}` }));
  return (
    <AutocompleteArrayInput
      source="tags"
      label={label}
      helperText={help}
      choices={choices}
      onChange={(tags: string[]) => setValue('quantity', tags.length || 1)}
    />
  );
}

interface Refusal {
  message?: string;
  body?: { message?: string; errors?: Record<string, string> };
}

function Fields({ tenantId, stores, holdsShort }: { tenantId: string; stores: Store[]; holdsShort: boolean }) {
  const translate = useTranslate();
  const choices = stores.map((store) => ({ id: store.id, name: store.name }));
  return (
    <Stack spacing={0}>
      <ReferenceInput source="objectID" reference={`tenants/${tenantId}/items`} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          optionText="name"
          label={field('objectID').label}
          helperText={field('objectID').help}
          filterToQuery={(search: string) => ({ q: search })}
          validate={required()}
        />
      </ReferenceInput>
      <SchemaInput field={field('quantity')} />
      <UnitTagsInput tenantId={tenantId} main={stores[0]!.id} label={tagsSchema.title} help={tagsSchema.description} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <SelectInput source="from" label={field('from').label} choices={choices} validate={required()} fullWidth />
        <SelectInput source="to" label={field('to').label} choices={choices} validate={required()} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <SchemaInput field={field('outOn')} />
        <SchemaInput field={field('inOn')} />
      </Stack>
      {holdsShort && <SchemaInput field={field('leaveHoldsShort')} />}
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start', mt: 1 }}>
        {translate('backlot.transfers.move')}
      </Button>
    </Stack>
  );
}

export function TransferForm({
  tenantId,
  stores,
  today,
  onMoved,
  onAttempt,
}: {
  tenantId: string;
  stores: Store[];
  today: string;
  onMoved: (said: string) => void;
  /** A new move is sent: what was said of the last one goes. */
  onAttempt: () => void;
}) {
  const translate = useTranslate();
  const [refused, setRefused] = useState<string>();
  const [holdsShort, setHoldsShort] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const defaults = { quantity: 1, from: stores[0]?.id, to: stores[1]?.id, outOn: today, inOn: today };

  return (
    <Form
      key={formKey}
      defaultValues={defaults}
      onSubmit={async (values: Record<string, unknown>) => {
        setRefused(undefined);
        onAttempt();
        try {
          const input = values as unknown as TransferInput;
          await transfersApi.make(tenantId, input);
          setHoldsShort(false);
          setFormKey((key) => key + 1);
          onMoved(translate('backlot.transfers.moved', { quantity: input.quantity }));
          return undefined;
        } catch (failure) {
          const { body, message } = failure as Refusal;
          const errors = body?.errors ?? {};
          if (Object.values(errors).some((said) => said.includes('Leave holds short'))) setHoldsShort(true);
          // Said at its field when it names one; above the form otherwise.
          if (Object.keys(errors).length) return errors;
          setRefused(body?.message ?? message);
          return undefined;
        }
      }}
    >
      {refused && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refused}
        </Alert>
      )}
      <Fields tenantId={tenantId} stores={stores} holdsShort={holdsShort} />
    </Form>
  );
}
