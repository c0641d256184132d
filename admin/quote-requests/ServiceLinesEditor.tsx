/**
 * The service lines of a quote being priced: each a service from the tenant's Service groups (its
 * GL code shown, or a warning when it has none), a description, a quantity and a unit price; added
 * and removed here. Field errors from the server (`services.0.category`) show on their input.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import type { ServiceInput } from '../../schema/types.generated';
import { servicePathKey, type useQuoteTenant } from './useQuoteTenant';

/** A service's quantity as the schema has it: from a hundredth, in hundredths (1.5 hours). */
const QUANTITY = schemaDocuments.quoteRequest.$defs.serviceInput.properties.quantity;
const QUANTITY_STEP = schemaDocuments.defs.$defs.lineQuantity.multipleOf;

export type ServiceDraft = Omit<ServiceInput, 'quantity' | 'unitPrice'> & { quantity: string; unitPrice: string };

export function ServiceLinesEditor({
  services,
  onChange,
  tenant,
  errors,
  disabled,
}: {
  services: ServiceDraft[];
  onChange: (next: ServiceDraft[]) => void;
  tenant: ReturnType<typeof useQuoteTenant>;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const first = tenant.serviceChoices[0];
  const set = (index: number, change: Partial<ServiceDraft>) =>
    onChange(services.map((service, at) => (at === index ? { ...service, ...change } : service)));
  return (
    <Box component="section" aria-labelledby="service-lines-heading">
      <Typography id="service-lines-heading" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('backlot.quotes.services')}
      </Typography>
      {!tenant.serviceChoices.length && (
        <Typography variant="body2" color="text.secondary">
          {translate('backlot.quotes.noServiceGroup')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {services.map((service, index) => {
          const choice = tenant.serviceChoices.find((option) => option.id === servicePathKey(service.category));
          return (
            <Stack
              key={index}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              alignItems={{ md: 'flex-start' }}
              role="group"
              aria-label={translate('backlot.quotes.serviceLine', { position: index + 1 })}
            >
              <TextField
                select
                size="small"
                sx={{ minWidth: 260 }}
                label={translate('backlot.quotes.service')}
                value={choice?.id ?? ''}
                disabled={disabled}
                onChange={(event) =>
                  set(index, {
                    category: tenant.serviceChoices.find((option) => option.id === event.target.value)!.path,
                  })
                }
                error={
                  Boolean(errors[`services.${index}.category`]) || (choice !== undefined && choice.glCode === undefined)
                }
                helperText={
                  errors[`services.${index}.category`] ??
                  (choice
                    ? choice.glCode
                      ? translate('backlot.quotes.glCode', { code: choice.glCode })
                      : translate('backlot.quotes.noGlCode')
                    : ' ')
                }
              >
                {tenant.serviceChoices.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                sx={{ flex: 1, minWidth: 200 }}
                label={translate('backlot.quotes.description')}
                value={service.name}
                disabled={disabled}
                onChange={(event) => set(index, { name: event.target.value })}
                error={Boolean(errors[`services.${index}.name`])}
                helperText={errors[`services.${index}.name`] ?? ' '}
              />
              <TextField
                size="small"
                sx={{ width: 110 }}
                type="number"
                label={translate('backlot.quotes.quantity')}
                value={service.quantity}
                disabled={disabled}
                onChange={(event) => set(index, { quantity: event.target.value })}
                slotProps={{ htmlInput: { min: QUANTITY.minimum, step: QUANTITY_STEP, inputMode: 'decimal' } }}
                error={Boolean(errors[`services.${index}.quantity`])}
                helperText={errors[`services.${index}.quantity`] ?? ' '}
              />
              <TextField
                size="small"
                sx={{ width: 150 }}
                type="number"
                label={translate('backlot.quotes.unitPrice')}
                value={service.unitPrice}
                disabled={disabled}
                onChange={(event) => set(index, { unitPrice: event.target.value })}
                // The label sits above the field at all times: inside a narrow field it was cut to "Unit …".
                slotProps={{ htmlInput: { min: 0, step: 0.01 }, inputLabel: { shrink: true } }}
                error={Boolean(errors[`services.${index}.unitPrice`])}
                helperText={errors[`services.${index}.unitPrice`] ?? ' '}
              />
              <IconButton
                aria-label={translate('backlot.quotes.removeService', { position: index + 1 })}
                disabled={disabled}
                onClick={() => onChange(services.filter((_, at) => at !== index))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {first && (
        <Button
          sx={{ mt: 1 }}
          startIcon={<AddIcon />}
          disabled={disabled}
          onClick={() =>
            onChange([
              ...services,
              { category: first.path, name: first.name.split(' › ').at(-1)!, quantity: '1', unitPrice: '' },
            ])
          }
        >
          {translate('backlot.quotes.addService')}
        </Button>
      )}
    </Box>
  );
}
