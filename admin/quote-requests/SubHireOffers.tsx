/**
 * A line short on its dates: "Find it at other houses" opens the same or similar items free on those
 * dates at the listed houses that take this house's sub-hires, nearest first, each with its free
 * count and the trade price this house would pay in that house's currency (issue 39). Loading, an
 * answer with no lender at all, none free, and a failure each say so. "Ask for N" sends that house
 * an ordinary request with this house as its customer (what is short, or what it has free, if less);
 * the request's Sub-hires card follows it from there.
 */
import { useOwnChange } from './own-changes';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Avatar,
  Typography,
  Chip,
  Stack,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchUtils, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { housePlace } from '../../schema/marketplace/houses';
import type { SubHireOffer } from '../../schema/marketplace/sub-hires';
import { formatMoney } from '../../schema/display/format';

export interface ShortLineAsk {
  /** The request the line is on. */
  quoteId: string;
  objectID: string;
  name: string;
  /** How many more than are free. */
  wanted: number;
  from: string;
  to: string;
}

type Answer = { offers: SubHireOffer[]; lenders: number };

const offersPath = (tenantId: string, line: ShortLineAsk) =>
  `/api/tenants/${encodeURIComponent(tenantId)}/sub-hire-offers?${new URLSearchParams({ objectID: line.objectID, quantity: String(line.wanted), from: line.from, to: line.to })}`;

function OffersDialog({ tenantId, line, onClose }: { tenantId: string; line: ShortLineAsk; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [answer, setAnswer] = useState<Answer>();
  const [failure, setFailure] = useState<string>();
  const notify = useNotify();
  /** Per offer (house~item): asking, asked, or why it was refused. */
  const [asks, setAsks] = useState<
    Record<string, { state: 'asking' | 'asked' } | { state: 'refused'; message: string }>
  >({});
  const ownChange = useOwnChange();
  const ask = async (offer: SubHireOffer, quantity: number) => {
    const key = `${offer.house.id}~${offer.objectID}`;
    setAsks((current) => ({ ...current, [key]: { state: 'asking' } }));
    try {
      await ownChange(() =>
        fetchUtils.fetchJson(
          `/api/tenants/${encodeURIComponent(tenantId)}/quote-requests/${encodeURIComponent(line.quoteId)}/sub-hires`,
          {
            method: 'POST',
            body: JSON.stringify({
              objectID: line.objectID,
              house: offer.house.id,
              theirObjectID: offer.objectID,
              quantity,
            }),
          },
        ),
      );
      setAsks((current) => ({ ...current, [key]: { state: 'asked' } }));
      notify('backlot.subHires.asked', {
        type: 'success',
        messageArgs: { smart_count: quantity, house: offer.house.name },
      });
    } catch (error) {
      setAsks((current) => ({
        ...current,
        [key]: {
          state: 'refused',
          message: (error as { message?: string }).message ?? translate('backlot.subHires.failed'),
        },
      }));
    }
  };
  // The address, not the line object (made anew on each render of the table): asked once per line and dates.
  const path = offersPath(tenantId, line);
  useEffect(() => {
    let live = true;
    fetchUtils.fetchJson(path).then(
      (response) => live && setAnswer(response.json as Answer),
      (error: { message?: string }) => live && setFailure(error.message ?? translate('backlot.subHires.failed')),
    );
    return () => void (live = false);
  }, [path, translate]);
  const money = (amount: number, house: SubHireOffer['house']) =>
    formatMoney(amount, { currency: house.currency, locale: house.locale });
  return (
    <Dialog open onClose={onClose} aria-labelledby="sub-hire-title" fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id="sub-hire-title">{translate('backlot.subHires.title', { name: line.name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('backlot.subHires.intro', { count: line.wanted })}
        </Typography>
        {failure ? (
          <Alert severity="error">{failure}</Alert>
        ) : !answer ? (
          <LinearProgress aria-label={translate('backlot.subHires.looking')} />
        ) : answer.lenders === 0 ? (
          <Alert severity="info">
            {translate('backlot.subHires.noLenders')}{' '}
            <Link to={`/t/${tenantId}/vendor`}>{translate('backlot.subHires.ownRule')}</Link>
          </Alert>
        ) : answer.offers.length === 0 ? (
          <Alert severity="info">{translate('backlot.subHires.noneFree', { smart_count: answer.lenders })}</Alert>
        ) : (
          <List aria-label={translate('backlot.subHires.offers')}>
            {answer.offers.map((offer) => {
              const key = `${offer.house.id}~${offer.objectID}`;
              const asked = asks[key];
              const quantity = Math.min(line.wanted, offer.free);
              return (
                <ListItem key={key} divider alignItems="flex-start">
                  <ListItemAvatar>
                    <Avatar
                      variant="rounded"
                      src={offer.image}
                      alt=""
                      sx={{ width: { xs: 40, sm: 56 }, height: { xs: 40, sm: 56 }, mr: 1.5 }}
                    >
                      <StorefrontIcon />
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={offer.name}
                    secondary={
                      <Stack component="span" spacing={0.25} sx={{ alignItems: 'flex-start' }}>
                        <Chip
                          component="span"
                          size="small"
                          color={offer.enough ? 'success' : 'warning'}
                          variant="outlined"
                          label={translate(offer.enough ? 'backlot.subHires.enough' : 'backlot.subHires.some', {
                            free: offer.free,
                          })}
                        />
                        <span>
                          {offer.house.name}
                          {housePlace(offer.house) && ` · ${housePlace(offer.house)}`}
                          {offer.house.km !== undefined &&
                            ` · ${translate('backlot.subHires.km', { km: Math.round(offer.house.km).toLocaleString() })}`}
                        </span>
                        <span>
                          {translate('backlot.subHires.trade', {
                            trade: money(offer.tradeRates.day, offer.house),
                            list: money(offer.rates.day, offer.house),
                            percent: offer.discountPercent,
                          })}
                        </span>
                        <Button
                          size="small"
                          variant={asked?.state === 'asked' ? 'text' : 'outlined'}
                          disabled={asked?.state === 'asking' || asked?.state === 'asked'}
                          onClick={() => void ask(offer, quantity)}
                          aria-label={translate('backlot.subHires.askFor', {
                            smart_count: quantity,
                            house: offer.house.name,
                            name: offer.name,
                          })}
                          sx={{ mt: 0.5 }}
                        >
                          {translate(
                            asked?.state === 'asked' ? 'backlot.subHires.askedShort' : 'backlot.subHires.ask',
                            { smart_count: quantity },
                          )}
                        </Button>
                        {asked?.state === 'refused' && (
                          <Alert severity="error" role="alert" sx={{ mt: 0.5 }}>
                            {asked.message}
                          </Alert>
                        )}
                      </Stack>
                    }
                    slotProps={{ secondary: { component: 'div' } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The button under a short line's free count, and its dialog. */
export function SubHireOffers({ tenantId, line }: { tenantId: string; line: ShortLineAsk }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        sx={{ px: 0.5, minWidth: 0 }}
        onClick={() => setOpen(true)}
        aria-label={translate('backlot.subHires.findFor', { name: line.name })}
      >
        {translate('backlot.subHires.find')}
      </Button>
      {open && <OffersDialog tenantId={tenantId} line={line} onClose={() => setOpen(false)} />}
    </>
  );
}
