/**
 * The holds on a request's page: its own hold (its rank on its items, who placed it, its last day,
 * a challenge's deadline) with a way to extend it to a later day, and the other productions'
 * holds ahead of it, which the house challenges before it can confirm this one, or moves this hold
 * past one by one (a hold challenged for it waits for its answer). Shown while either is there.
 */
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { addDays } from '../../schema/rental/quote-rules';
import { ordinal } from '../../schema/rental/holds';
import { DetailList } from '../components/DetailList';
import { FactCard } from '../components/FactCard';
import { useOwnChange } from './own-changes';
import { refusalText } from '../lib/refusal-text';
import { quoteApi, type PricingView } from './quote-api';

export function HoldCard({
  tenantId,
  view,
  day,
  moment,
  today,
  onChange,
}: {
  tenantId: string;
  view: PricingView;
  day: (date: string) => string;
  moment: (instant: string) => string;
  today: string;
  onChange: (view: PricingView) => void;
}) {
  const translate = useTranslate();
  const ownChange = useOwnChange();
  const [until, setUntil] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const { pencil, heldAhead } = view;
  if (!pencil && !heldAhead.length) return null;
  const lastDay = addDays(view.startDate, -1);

  /** Runs a step, then reads the request again and says `said` (or what the step answers). */
  const act = async (work: () => Promise<unknown>, said?: string) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const answer = await ownChange(work);
      onChange(await quoteApi.open(tenantId, view.id));
      setDone(said ?? String(answer));
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setBusy(false);
    }
  };
  const extend = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => quoteApi.step(tenantId, view, 'extend', { until }),
      translate('backlot.holds.extended', { day: day(until) }),
    );
  };
  const unchallenged = heldAhead.filter((hold) => !hold.challenge);

  return (
    <FactCard
      heading={translate('backlot.holds.heading')}
      chips={
        pencil && (
          <Chip
            size="small"
            color={pencil.rank === 1 ? 'success' : 'warning'}
            label={translate('backlot.holds.rank', { rank: ordinal(pencil.rank) })}
          />
        )
      }
    >
      {pencil && (
        <DetailList
          rows={[
            [translate('backlot.holds.until'), day(pencil.until)],
            [translate('backlot.holds.placed'), translate(`backlot.holds.by.${pencil.by}`)],
            ...(pencil.challenge
              ? [[translate('backlot.holds.answerBy'), moment(pencil.challenge.answerBy)] as [string, string]]
              : []),
          ]}
        />
      )}
      {pencil?.challenge && <Alert severity="warning">{translate('backlot.holds.challenged')}</Alert>}
      {pencil && view.actions.includes('extend') && (
        <Box
          component="form"
          onSubmit={extend}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <TextField
            type="date"
            size="small"
            label={translate('backlot.holds.newUntil')}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: lastDay } }}
            required
          />
          <Button type="submit" variant="outlined" disabled={busy || !until}>
            {translate('backlot.quotes.actions.extend')}
          </Button>
        </Box>
      )}
      {heldAhead.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2">{translate('backlot.holds.aheadLead')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {heldAhead.map((hold) => (
              <li key={hold.id}>
                <Typography variant="body2" component="span">
                  {translate('backlot.holds.aheadRow', { who: hold.who, until: day(hold.until) })}
                  {hold.challenge &&
                    ` · ${translate('backlot.holds.answersBy', { when: moment(hold.challenge.answerBy) })}`}
                </Typography>
                {pencil && !hold.challenge?.forThis && (
                  <Button
                    size="small"
                    disabled={busy}
                    sx={{ ml: 1 }}
                    onClick={() =>
                      void act(async () => {
                        const moved = await quoteApi.moveAhead(tenantId, view.id, Number(view.version), hold.id);
                        return translate('backlot.holds.movedAhead', { passed: hold.who, rank: ordinal(moved.rank) });
                      })
                    }
                  >
                    {translate('backlot.holds.moveAhead', { who: hold.who })}
                  </Button>
                )}
              </li>
            ))}
          </Box>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={busy || unchallenged.length === 0}
              onClick={() =>
                void act(
                  () => quoteApi.challengeHolds(tenantId, view.id),
                  translate('backlot.holds.challengeSent', { smart_count: unchallenged.length }),
                )
              }
            >
              {translate('backlot.holds.challenge', { smart_count: heldAhead.length })}
            </Button>
          </Stack>
        </Box>
      )}
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </FactCard>
  );
}
