/**
 * Changing a request or an order from its pricing page: its dates, each line's quantity, lines
 * dropped, and items added from the catalogue (a substitution is one dropped and one added). Sent
 * with the pricing on screen as a new version (POST …/change): before confirmation it goes to the
 * visitor as a quote; on an order its stock moves at once and the visitor accepts it again. The
 * server's refusals (not free, fewer than are out, a hire under way keeps its first day) are shown
 * at their line; a line refused for more than is free on the order's own dates offers the rest at
 * other houses (SubHireOffers).
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Autocomplete,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { Item, OrderChange, PricingInput } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { quoteApi, type PricingView } from './quote-api';
import { SubHireOffers } from './SubHireOffers';
import { StoreSelect } from '../components/StoreSelect';
import { useTenantRecord } from '../tenants/useTenantRecord';
import { useOwnChange } from './own-changes';

interface DraftLine {
  objectID: string;
  name: string;
  quantity: string;
}

export function ChangeOrderDialog({
  tenantId,
  view,
  pricing,
  onClose,
  onChanged,
}: {
  tenantId: string;
  view: PricingView;
  pricing: PricingInput;
  onClose: () => void;
  onChanged: (next: PricingView) => void;
}) {
  const translate = useTranslate();
  const ownChange = useOwnChange();
  const [startDate, setStartDate] = useState(view.startDate);
  const [endDate, setEndDate] = useState(view.endDate);
  // A house with several stores may move the request to another (not once any of it is out).
  const { data: tenant } = useTenantRecord(tenantId);
  const stores = tenant?.vendor.stores ?? [];
  const [chosenStore, setStore] = useState(view.store);
  const store = chosenStore ?? stores[0]?.id ?? '';
  const [lines, setLines] = useState<DraftLine[]>(
    view.lines.map((line) => ({ objectID: line.objectID, name: line.name, quantity: String(line.quantity) })),
  );
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data: found = [], isPending } = useGetList<Item & { id: string }>(`tenants/${tenantId}/items`, {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'name', order: 'ASC' },
    filter: search.trim() ? { q: search.trim() } : {},
  });
  const choices = found.filter((item) => !lines.some((line) => line.objectID === item.objectID));

  const submit = async () => {
    setErrors({});
    try {
      const items = lines.map((line) => ({
        objectID: line.objectID,
        quantity: Number(line.quantity),
      })) as OrderChange['items'];
      const moved = stores.length > 1 && store !== (view.store ?? stores[0]!.id);
      onChanged(
        await ownChange(() =>
          quoteApi.change(tenantId, view, {
            items,
            startDate,
            endDate,
            pricing,
            ...(moved && { store }),
          }),
        ),
      );
    } catch (failure) {
      // The refused fields are marked at their line; the dialog says the rest.
      setErrors((failure as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
      throw failure;
    }
  };
  // The change's own checks name `items`; placing the changed order on the stock names its `lines`, in the same order.
  const lineError = (index: number) =>
    errors[`items.${index}.quantity`] ?? errors[`items.${index}.objectID`] ?? errors[`lines.${index}.quantity`];
  /**
   * More of a line than the order has, on its own dates: what other houses could lend for it. (A
   * sub-hire is asked for the order as it stands; new dates are the lender's to agree first.)
   */
  const extraOf = (line: DraftLine) => {
    const current = view.lines.find((entry) => entry.objectID === line.objectID);
    return current && startDate === view.startDate && endDate === view.endDate
      ? Number(line.quantity) - current.quantity
      : 0;
  };

  return (
    <FormDialog
      id="change-order-title"
      maxWidth="md"
      title={translate('backlot.quotes.change.title')}
      submitLabel={translate('backlot.quotes.change.send')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(
          view.state === 'requested' || view.state === 'quoted' || view.state === 'accepted'
            ? 'backlot.quotes.change.leadOpen'
            : 'backlot.quotes.change.leadOrder',
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          label={translate('backlot.quotes.change.start')}
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
          error={Boolean(errors.startDate)}
          helperText={errors.startDate}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={translate('backlot.quotes.change.end')}
          value={endDate}
          onChange={(event) => setEndDate(event.target.value)}
          error={Boolean(errors.endDate)}
          helperText={errors.endDate}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <StoreSelect
          stores={stores}
          value={store}
          onChange={setStore}
          none={false}
          sx={errors.store ? { '& .MuiInputBase-root': { outline: 2 } } : undefined}
        />
      </Stack>
      {errors.store && (
        <Typography color="error" variant="body2" sx={{ mb: 2 }}>
          {errors.store}
        </Typography>
      )}
      <Table size="small" aria-label={translate('backlot.quotes.change.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('backlot.quotes.item')}</TableCell>
            <TableCell sx={{ width: 140 }}>{translate('backlot.quotes.quantity')}</TableCell>
            <TableCell sx={{ width: 56 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={line.objectID}>
              <TableCell>
                {line.name}
                {lineError(index) && (
                  <Typography variant="body2" color="error">
                    {lineError(index)}
                  </Typography>
                )}
                {lineError(index) && extraOf(line) > 0 && (
                  <SubHireOffers
                    tenantId={tenantId}
                    line={{
                      quoteId: view.id,
                      objectID: line.objectID,
                      name: line.name,
                      wanted: extraOf(line),
                      from: view.startDate,
                      to: view.endDate,
                    }}
                  />
                )}
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  hiddenLabel
                  type="number"
                  value={line.quantity}
                  onChange={(event) =>
                    setLines(
                      lines.map((entry, at) => (at === index ? { ...entry, quantity: event.target.value } : entry)),
                    )
                  }
                  slotProps={{
                    htmlInput: {
                      min: 1,
                      max: 100000,
                      'aria-label': translate('backlot.quotes.change.quantityOf', { name: line.name }),
                    },
                  }}
                />
              </TableCell>
              <TableCell>
                <IconButton
                  aria-label={translate('backlot.quotes.change.drop', { name: line.name })}
                  disabled={lines.length === 1}
                  onClick={() => setLines(lines.filter((_entry, at) => at !== index))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.items && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errors.items}
        </Alert>
      )}
      <Autocomplete
        sx={{ mt: 2 }}
        options={choices}
        loading={isPending}
        getOptionLabel={(item) => item.name}
        filterOptions={(options) => options}
        onInputChange={(_event, value) => setSearch(value)}
        onChange={(_event, item) =>
          item && setLines([...lines, { objectID: item.objectID, name: item.name, quantity: '1' }])
        }
        value={null}
        renderInput={(params) => <TextField {...params} label={translate('backlot.quotes.change.add')} />}
      />
    </FormDialog>
  );
}
