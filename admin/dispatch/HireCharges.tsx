/**
 * The charges a hire found at check-in (late days, damage, losses: schema/rental/hire-charges.ts),
 * each explained in the sentence the visitor reads, with the crew's note and photos; the vendor
 * adjusts one (an amount and a reason, or takes the adjustment back) in a dialog; the order's
 * total with them. Not printed: the pull sheet on paper is for the floor.
 */
import {
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
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { chargeBasis, hireTotals } from '../../schema/rental/hire-charges';
import type { HireCharge } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { hireApi, type ScanAnswer } from './hire-api';

const kindColour = { late: 'warning', damage: 'warning', loss: 'error' } as const;

/** Columns a phone folds into the charge's cell. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function HireCharges({
  tenantId,
  orderId,
  quoted,
  charges,
  closed,
  money,
  onChanged,
}: {
  tenantId: string;
  orderId: string;
  quoted: number;
  charges: HireCharge[];
  closed: boolean;
  money: (amount: number) => string;
  onChanged: (answer: ScanAnswer) => void;
}) {
  const translate = useTranslate();
  const [editing, setEditing] = useState<HireCharge>();
  if (!charges.length) return null;
  const adjustButton = (charge: HireCharge) => (
    <Button
      size="small"
      variant="outlined"
      disabled={closed}
      onClick={() => setEditing(charge)}
      aria-label={translate('backlot.charges.adjustOf', { line: charge.tag ?? charge.name })}
    >
      {translate('backlot.charges.adjust')}
    </Button>
  );
  const totals = hireTotals(quoted, charges);
  return (
    <Card variant="outlined" sx={{ mt: 3, displayPrint: 'none' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('backlot.charges.title')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('backlot.charges.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('backlot.charges.line')}</TableCell>
                <TableCell align="right" sx={wideOnly}>
                  {translate('backlot.scan.quantity')}
                </TableCell>
                <TableCell align="right" sx={wideOnly}>
                  {translate('backlot.charges.each')}
                </TableCell>
                <TableCell align="right">{translate('backlot.charges.subtotal')}</TableCell>
                <TableCell align="right" sx={wideOnly}>
                  {translate('backlot.charges.adjust')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {charges.map((charge) => (
                <TableRow key={charge.id} data-charge={charge.id}>
                  <TableCell sx={{ minWidth: { sm: 240 } }}>
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      alignItems={{ xs: 'flex-start', sm: 'center' }}
                      sx={{ mb: 0.5 }}
                    >
                      <Chip
                        size="small"
                        color={kindColour[charge.kind]}
                        label={translate(`backlot.charges.kinds.${charge.kind}`)}
                      />
                      <span>
                        {charge.name}
                        {charge.tag && ` · ${charge.tag}`}
                      </span>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {chargeBasis(charge, money)}
                    </Typography>
                    {/* On a phone the quantity and price each fold in here. */}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {charge.quantity} × {money(charge.unitPrice)}
                    </Typography>
                    {charge.note && <Typography variant="body2">“{charge.note}”</Typography>}
                    {charge.adjustment && (
                      <Typography variant="body2" color="primary">
                        {translate('backlot.charges.adjusted', {
                          amount: money(charge.adjustment.amount),
                          reason: charge.adjustment.reason,
                        })}
                      </Typography>
                    )}
                    {/* On a phone the adjust button folds in here. */}
                    <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>{adjustButton(charge)}</Box>
                    {charge.photos?.length ? (
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                        {charge.photos.map((url, index) => (
                          <a key={url} href={url} target="_blank" rel="noreferrer">
                            <Box
                              component="img"
                              src={url}
                              alt={translate('backlot.charges.photo', {
                                number: index + 1,
                                item: charge.tag ?? charge.name,
                              })}
                              sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                            />
                          </a>
                        ))}
                      </Stack>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {charge.quantity}
                  </TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {money(charge.unitPrice)}
                  </TableCell>
                  <TableCell align="right">{money(charge.subtotal)}</TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {adjustButton(charge)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto auto',
            justifyContent: 'end',
            columnGap: 3,
            rowGap: 0.5,
            m: 0,
            mt: 2,
          }}
        >
          <dt>{translate('backlot.charges.quoted')}</dt>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {money(totals.quoted)}
          </Box>
          <dt>{translate('backlot.charges.charges')}</dt>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {money(totals.charges)}
          </Box>
          <Box component="dt" sx={{ fontWeight: 700 }}>
            {translate('backlot.charges.total')}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }} data-testid="hire-total">
            {money(totals.total)}
          </Box>
        </Box>
      </CardContent>
      {editing && (
        <AdjustDialog
          charge={editing}
          money={money}
          onClose={() => setEditing(undefined)}
          save={async (adjustment) => {
            onChanged(await hireApi.adjustCharge(tenantId, orderId, editing.id, adjustment));
            setEditing(undefined);
          }}
        />
      )}
    </Card>
  );
}

function AdjustDialog({
  charge,
  money,
  onClose,
  save,
}: {
  charge: HireCharge;
  money: (amount: number) => string;
  onClose: () => void;
  save: (adjustment: { amount: number; reason: string } | null) => Promise<void>;
}) {
  const translate = useTranslate();
  const [amount, setAmount] = useState(charge.adjustment ? String(charge.adjustment.amount) : '');
  const [reason, setReason] = useState(charge.adjustment?.reason ?? '');
  const value = Number(amount);
  const amountProblem =
    amount.trim() === '' || !Number.isFinite(value)
      ? translate('backlot.charges.amountNeeded')
      : Math.round(value * 100) !== value * 100
        ? translate('backlot.charges.cents')
        : undefined;
  return (
    <FormDialog
      id="adjust-charge-title"
      title={translate('backlot.charges.adjustTitle', { line: charge.tag ?? charge.name })}
      submitLabel={translate('ra.action.save')}
      onClose={onClose}
      onSubmit={async () => {
        if (amountProblem || !reason.trim()) throw new Error(amountProblem ?? translate('backlot.quotes.reasonNeeded'));
        await save({ amount: value, reason: reason.trim() });
      }}
      {...(charge.adjustment && {
        extraAction: { label: translate('backlot.charges.takeBack'), run: () => save(null) },
      })}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {chargeBasis(charge, money)}: {money(charge.unitPrice * charge.quantity)}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={translate('backlot.charges.amount')}
          helperText={translate('backlot.charges.amountHelp')}
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          slotProps={{ htmlInput: { step: 0.01 } }}
        />
        <TextField
          label={translate('backlot.quotes.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
    </FormDialog>
  );
}
