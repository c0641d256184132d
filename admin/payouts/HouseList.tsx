/**
 * Every house on the platform with the account it is paid on and the platform's commission
 * (platform staff): whether it takes card holds, the commission set inline (from the next hold
 * on), and each house's monthly statement as CSV.
 */
import { Box, Button, InputAdornment, Stack, TextField as InputField } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Confirm,
  Datagrid,
  FunctionField,
  List,
  TextField,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { StandingChip, standingOf } from './PayoutsScreen';
import type { Payouts } from './payouts-api';
import { StatementDownload } from './StatementDownload';
import { tableScrollsInCard } from '../components/table-scroll';

type HouseRow = Payouts & { id: string; name: string; isListed: boolean };

function Standing() {
  const record = useRecordContext<HouseRow>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <StandingChip standing={standingOf(record)} label={translate(`backlot.payouts.standing.${standingOf(record)}`)} />
  );
}

function Commission() {
  const record = useRecordContext<HouseRow>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState<string>();
  const [error, setError] = useState<string>();
  // The commission is money taken on every later order of the house: asked before it is changed.
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const shown = value ?? String(record.commissionPercent);
  const save = async () => {
    setConfirming(false);
    setError(undefined);
    try {
      await dataProvider.update('marketplace/houses', {
        id: record.id,
        data: { commissionPercent: Number(shown) },
        previousData: record,
      });
      notify('backlot.houses.saved', { type: 'success', messageArgs: { name: record.name, percent: Number(shown) } });
      setValue(undefined);
      refresh();
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, string>; message?: string } }).body;
      setError(body?.errors?.commissionPercent ?? body?.message ?? (failure as Error).message);
    }
  };
  const changed = value !== undefined && Number(value) !== record.commissionPercent;
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" onClick={(event) => event.stopPropagation()}>
      <InputField
        size="small"
        type="number"
        value={shown}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !changed) return;
          // Kept from going on to the dialog's focused button, which would change it unasked.
          event.preventDefault();
          setConfirming(true);
        }}
        error={Boolean(error)}
        helperText={error}
        inputProps={{
          min: 0,
          max: 50,
          step: 0.5,
          'aria-label': translate('backlot.houses.commissionOf', { name: record.name }),
        }}
        InputProps={{ endAdornment: <InputAdornment position="end">%</InputAdornment> }}
        sx={{ width: 120 }}
      />
      {changed && (
        <Button size="small" variant="contained" onClick={() => setConfirming(true)}>
          {translate('ra.action.save')}
        </Button>
      )}
      <Confirm
        isOpen={confirming}
        title={translate('backlot.houses.confirmTitle', { name: record.name })}
        content={translate('backlot.houses.confirmContent', {
          name: record.name,
          from: record.commissionPercent,
          to: Number(shown),
        })}
        confirm={translate('backlot.houses.confirm')}
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

export function HouseList() {
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      actions={false}
      empty={<Box sx={{ p: 3 }}>{translate('backlot.houses.empty')}</Box>}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} sx={tableScrollsInCard}>
        <TextField source="name" label="backlot.houses.name" />
        <BooleanField source="isListed" label="backlot.houses.listed" />
        <FunctionField label="backlot.houses.payouts" render={() => <Standing />} />
        <FunctionField label="backlot.houses.commission" render={() => <Commission />} />
        <FunctionField
          label="backlot.houses.statement"
          render={(record: HouseRow) => <StatementDownload tenantId={record.id} compact />}
        />
      </Datagrid>
    </List>
  );
}
