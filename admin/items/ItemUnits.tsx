/**
 * Under an item's form: how it is tracked, and its units when tracked unit by unit. An item counted
 * as a quantity can move to units (one tagged unit made for each in stock); each unit shows its
 * tag, status and condition, and is sent to repair, put back in service or retired with a note
 * (a unit out on an order is checked in on the scan screen instead); its tests and repairs open
 * from its row. Labels print from here.
 */
import { useTenantRecord } from '../tenants/useTenantRecord';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useTranslate } from 'react-admin';
import type { Unit } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { UnitRecordsDialog } from './UnitRecordsDialog';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

type Move = 'inService' | 'repair' | 'retired';
const statusColour = {
  inService: 'success',
  out: 'info',
  repair: 'warning',
  lost: 'error',
  retired: 'default',
} as const;
/** The moves a unit in each status can make here. */
const movesFrom: Record<Unit['status'], Move[]> = {
  inService: ['repair', 'retired'],
  out: [],
  repair: ['inService', 'retired'],
  lost: ['inService'],
  retired: ['inService'],
};

export function ItemUnits({
  tenantId,
  objectID,
  tracking,
  onTracked,
  onMoved,
}: {
  tenantId: string;
  objectID: string;
  tracking: 'quantity' | 'units';
  onTracked: () => void;
  /** A unit moved: the item's availability changed. */
  onMoved: () => void;
}) {
  const { data: tenant } = useTenantRecord(tenantId);
  const { today } = useQuoteTenant(tenantId);
  const stores = tenant?.vendor.stores ?? [];
  const storeName = (id: string | undefined) => (stores.find((store) => store.id === id) ?? stores[0])?.name;
  const translate = useTranslate();
  const base = `/api/tenants/${encodeURIComponent(tenantId)}`;
  const [units, setUnits] = useState<Unit[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [moving, setMoving] = useState<{ unit: Unit; to: Move }>();
  const [reading, setReading] = useState<Unit>();
  const load = useCallback(
    () =>
      fetchUtils.fetchJson(`${base}/items/${encodeURIComponent(objectID)}/units`).then(
        ({ json }) => setUnits(json as Unit[]),
        (failure: Error) => setError(failure.message),
      ),
    [base, objectID],
  );
  useEffect(() => void load(), [load]);
  const toUnits = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await fetchUtils.fetchJson(`${base}/items/${encodeURIComponent(objectID)}/units`, { method: 'POST' });
      await load();
      onTracked();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="item-units-heading" sx={{ mt: 2 }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          justifyContent="space-between"
          alignItems={{ sm: 'center' }}
          sx={{ mb: 1 }}
        >
          <Box>
            <Typography id="item-units-heading" variant="h6" component="h2">
              {translate('backlot.units.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(tracking === 'units' ? 'backlot.units.byUnit' : 'backlot.units.byQuantity')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            {tracking !== 'units' && (
              <Button variant="outlined" disabled={busy} onClick={() => void toUnits()}>
                {translate('backlot.units.track')}
              </Button>
            )}
            <Button
              component={Link}
              to={`/t/${tenantId}/dispatch/labels?item=${encodeURIComponent(objectID)}`}
              startIcon={<QrCode2Icon />}
            >
              {translate('backlot.labels.print')}
            </Button>
          </Stack>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {units && units.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('backlot.units.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('backlot.units.tag')}</TableCell>
                  <TableCell>{translate('backlot.units.status')}</TableCell>
                  <TableCell>{translate('backlot.units.condition')}</TableCell>
                  <TableCell align="right">{translate('backlot.units.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {units.map((unit) => (
                  <TableRow key={unit.tag}>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{unit.tag}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={statusColour[unit.status]}
                        label={translate(`backlot.units.statuses.${unit.status}`)}
                      />
                      {unit.orderId && (
                        <Button
                          size="small"
                          component={Link}
                          to={`/t/${tenantId}/dispatch/${encodeURIComponent(unit.orderId)}`}
                        >
                          {translate('backlot.units.onOrder')}
                        </Button>
                      )}
                      {/* Where it is kept, for a house with several stores. */}
                      {stores.length > 1 && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {unit.arrivesOn && unit.arrivesOn > today()
                            ? translate('backlot.units.arriving', { store: storeName(unit.store), day: unit.arrivesOn })
                            : translate('backlot.units.at', { store: storeName(unit.store) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{unit.condition ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        aria-label={translate('backlot.units.recordsOf', { tag: unit.tag })}
                        onClick={() => setReading(unit)}
                      >
                        {translate('backlot.units.records', { smart_count: unit.service?.length ?? 0 })}
                      </Button>
                      {movesFrom[unit.status].map((to) => (
                        <Button
                          key={to}
                          size="small"
                          color={to === 'retired' ? 'warning' : 'primary'}
                          onClick={() => setMoving({ unit, to })}
                        >
                          {translate(`backlot.units.moves.${to}`)}
                        </Button>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
      {reading && tenant && (
        <UnitRecordsDialog unit={reading} site={tenant.site} onClose={() => setReading(undefined)} />
      )}
      {moving && (
        <MoveDialog
          unit={moving.unit}
          to={moving.to}
          onClose={() => setMoving(undefined)}
          move={async (note) => {
            await fetchUtils.fetchJson(`${base}/units/${encodeURIComponent(moving.unit.tag)}/status`, {
              method: 'POST',
              body: JSON.stringify({ status: moving.to, ...(note && { note }) }),
            });
            setMoving(undefined);
            await load();
            onMoved();
          }}
        />
      )}
    </Card>
  );
}

function MoveDialog({
  unit,
  to,
  onClose,
  move,
}: {
  unit: Unit;
  to: Move;
  onClose: () => void;
  move: (note: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  return (
    <FormDialog
      id="move-unit-title"
      maxWidth="xs"
      title={translate(`backlot.units.moveTitle.${to}`, { tag: unit.tag })}
      submitLabel={translate(`backlot.units.moves.${to}`)}
      onClose={onClose}
      onSubmit={() => move(note.trim())}
    >
      <TextField
        fullWidth
        multiline
        minRows={2}
        label={translate('backlot.units.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
