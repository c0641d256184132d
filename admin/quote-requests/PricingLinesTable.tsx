/**
 * The rentals of a request being priced, one row each: quantity against what is free on its dates
 * (stock less other holds and orders), the GL code it posts to (flagged when it has none), how one
 * unit is priced step by step, the vendor's adjustment with its reason, and the subtotal, all
 * from the same pricing function the server stores. A short line offers the same or similar items
 * free at other houses (SubHireOffers).
 */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PricedLine, PriceStep } from '../../schema/types.generated';
import type { PricingView } from './quote-api';
import { SubHireOffers } from './SubHireOffers';

export type AdjustmentDraft = { amount: string; reason: string };

export function PricingLinesTable({
  tenantId,
  view,
  lines,
  adjustments,
  onAdjust,
  money,
  errors,
  disabled,
}: {
  tenantId: string;
  view: PricingView;
  lines: PricedLine[];
  adjustments: Record<string, AdjustmentDraft>;
  onAdjust: (objectID: string, draft: AdjustmentDraft) => void;
  money: (amount: number) => string;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const step = (line: PricedLine, priced: PriceStep) => {
    const days =
      priced.firstDay === priced.lastDay
        ? translate('backlot.quotes.day', { day: priced.firstDay })
        : translate('backlot.quotes.days', { first: priced.firstDay, last: priced.lastDay });
    if (priced.rate === 'minimum') return translate('backlot.quotes.minimumStep', { amount: money(priced.amount) });
    const rate =
      priced.rate === 'week'
        ? translate('backlot.quotes.weekRateStep', { amount: money(priced.each / priced.factor) })
        : translate('backlot.quotes.dayRatesStep', { count: priced.dayRates ?? 0, rate: money(line.dayRate ?? 0) });
    return `${days}: ${rate}${priced.count > 1 ? ` × ${priced.count}` : ''}${priced.factor < 1 ? ` × ${priced.factor}` : ''} = ${money(priced.amount)}`;
  };
  return (
    <Table size="small" aria-label={translate('backlot.quotes.lines')} sx={{ minWidth: 880 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('backlot.quotes.item')}</TableCell>
          <TableCell align="right">{translate('backlot.quotes.quantity')}</TableCell>
          <TableCell>{translate('backlot.quotes.glCodeHeading')}</TableCell>
          <TableCell>{translate('backlot.quotes.how')}</TableCell>
          <TableCell sx={{ minWidth: 260 }}>{translate('backlot.quotes.adjustment')}</TableCell>
          <TableCell align="right">{translate('backlot.quotes.subtotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => {
          const detail = view.lineDetails.find((entry) => entry.objectID === line.objectID);
          const short = detail !== undefined && detail.free < line.quantity;
          const draft = adjustments[line.objectID!] ?? { amount: '', reason: '' };
          const fieldError = (name: 'amount' | 'reason') =>
            errors[`adjustments.${line.objectID}.${name}`] ??
            (name === 'amount' ? errors[`adjustments.${line.objectID}`] : undefined);
          return (
            <TableRow key={line.objectID}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {line.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {money(line.dayRate ?? 0)} {translate('backlot.quotes.perDay')}
                  {line.weekRate !== undefined && ` · ${money(line.weekRate)} ${translate('backlot.quotes.perWeek')}`}
                </Typography>
              </TableCell>
              <TableCell align="right">
                {line.quantity}
                <Typography variant="caption" display="block" color={short ? 'error' : 'text.secondary'}>
                  {detail?.inCatalogue === false
                    ? translate('backlot.quotes.gone')
                    : detail?.hiredIn
                      ? translate('backlot.quotes.freeWithHiredIn', {
                          free: detail.free,
                          stock: detail.stock,
                          hiredIn: detail.hiredIn,
                        })
                      : translate('backlot.quotes.freeOf', { free: detail?.free ?? 0, stock: detail?.stock ?? 0 })}
                </Typography>
                {short && detail.inCatalogue !== false && (
                  <SubHireOffers
                    tenantId={tenantId}
                    line={{
                      quoteId: view.id,
                      objectID: line.objectID!,
                      name: line.name,
                      wanted: line.quantity - detail.free,
                      from: view.startDate,
                      to: view.endDate,
                    }}
                  />
                )}
              </TableCell>
              <TableCell>
                {line.glCode ?? (
                  <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'error.main' }}>
                    <WarningAmberIcon fontSize="small" />
                    <span>{translate('backlot.quotes.noGlCode')}</span>
                  </Stack>
                )}
              </TableCell>
              <TableCell>
                {(line.steps ?? []).map((priced, index) => (
                  <Typography key={index} variant="body2" color="text.secondary">
                    {step(line, priced)}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <TextField
                    size="small"
                    type="number"
                    sx={{ width: 110 }}
                    label={translate('backlot.quotes.amount')}
                    value={draft.amount}
                    disabled={disabled}
                    onChange={(event) => onAdjust(line.objectID!, { ...draft, amount: event.target.value })}
                    slotProps={{
                      htmlInput: {
                        step: 0.01,
                        'aria-label': translate('backlot.quotes.adjustmentOf', { name: line.name }),
                      },
                    }}
                    error={Boolean(fieldError('amount'))}
                    helperText={fieldError('amount')}
                  />
                  <TextField
                    size="small"
                    sx={{ flex: 1 }}
                    label={translate('backlot.quotes.reason')}
                    value={draft.reason}
                    disabled={disabled}
                    onChange={(event) => onAdjust(line.objectID!, { ...draft, reason: event.target.value })}
                    slotProps={{
                      htmlInput: {
                        maxLength: 200,
                        'aria-label': translate('backlot.quotes.reasonOf', { name: line.name }),
                      },
                    }}
                    error={
                      Boolean(fieldError('reason')) ||
                      (draft.amount !== '' && Number(draft.amount) !== 0 && !draft.reason.trim())
                    }
                    helperText={
                      fieldError('reason') ??
                      (draft.amount !== '' && Number(draft.amount) !== 0 && !draft.reason.trim()
                        ? translate('backlot.quotes.reasonNeeded')
                        : undefined)
                    }
                  />
                </Stack>
              </TableCell>
              <TableCell align="right">{money(line.subtotal)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
