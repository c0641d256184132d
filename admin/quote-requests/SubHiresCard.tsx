/**
 * What this house asked other houses for to cover a request's short lines (issue 39): each
 * sub-hire with the other house's request as this house, its customer, sees it (its state, its
 * quote in that house's currency), and what this house can do with it now: accept the quote on its
 * house account there, decline it, or cancel (each with the reason that house reads). Read again
 * whenever the request changes (a sub-hire asked from the offers dialog lands on it).
 */
import { AcceptSubHireDialog, type CoverToChoose } from './AcceptSubHireDialog';
import type { CoverChoice } from '../../schema/rental/cover';
import type { SignatureInput } from '../../schema/types.generated';
import { useOwnChange } from './own-changes';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchUtils, useNotify, useTranslate } from 'react-admin';
import { isOrderState, type QuoteState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { formatMoney } from '../../schema/display/format';
import { FactCard } from '../components/FactCard';
import type { PricingView } from './quote-api';
import { QuoteStateChip } from './QuoteStateChip';

type SubHire = NonNullable<QuoteRequest['subHires']>[number];
interface TheirSide {
  state: QuoteState;
  revision: number;
  total?: number;
  currency: string;
  locale: string;
  contact: { email: string; phone?: string };
  actions: Array<'accept' | 'decline' | 'cancel'>;
  versions: Array<{ version: number }>;
  /** The lender's rental terms, while accepting signs them. */
  termsToSign?: { version: string; text: string; html: string };
  /** The lender's ways of cover, while accepting chooses one. */
  coverToChoose?: CoverToChoose;
}
type Entry = { subHire: SubHire; theirs?: TheirSide };

const subHiresPath = (tenantId: string, quoteId: string) =>
  `/api/tenants/${encodeURIComponent(tenantId)}/quote-requests/${encodeURIComponent(quoteId)}/sub-hires`;

export function SubHiresCard({ tenantId, view }: { tenantId: string; view: PricingView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const ownChange = useOwnChange();
  const [entries, setEntries] = useState<Entry[]>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [asking, setAsking] = useState<{ entry: Entry; action: 'decline' | 'cancel' }>();
  /** The sub-hire being accepted in the dialog (its terms to sign, its cover to choose). */
  const [accepting, setAccepting] = useState<Entry>();
  const [stepError, setStepError] = useState<{ quoteId: string; message: string }>();
  const count = view.subHires?.length ?? 0;

  /** Bumped after a step: the other house's request is read again. */
  const [reads, setReads] = useState(0);
  const path = subHiresPath(tenantId, view.id);
  // Read again when the request changes (a new sub-hire is recorded on it) and after each step.
  useEffect(() => {
    if (!count) return;
    let live = true;
    fetchUtils.fetchJson(path).then(
      (response) => {
        if (!live) return;
        setEntries(response.json as Entry[]);
        setFailure(undefined);
      },
      (error: { message?: string }) => live && setFailure(error.message ?? translate('backlot.subHires.failed')),
    );
    return () => void (live = false);
  }, [count, view.version, reads, path, translate]);
  if (!count) return null;

  const step = async (
    entry: Entry,
    action: 'accept' | 'decline' | 'cancel',
    reason?: string,
    acceptance: { signature?: SignatureInput; cover?: CoverChoice } = {},
  ) => {
    const theirs = entry.theirs!;
    setBusy(entry.subHire.quoteId);
    setStepError(undefined);
    try {
      await ownChange(() =>
        fetchUtils.fetchJson(`${path}/${encodeURIComponent(entry.subHire.quoteId)}/${action}`, {
          method: 'POST',
          body: JSON.stringify(
            action === 'accept'
              ? { version: theirs.versions.at(-1)?.version, ...acceptance }
              : { reason: reason ?? '' },
          ),
          headers: new Headers({ 'If-Match': `"${theirs.revision}"`, 'Content-Type': 'application/json' }),
        }),
      );
      notify(action === 'accept' ? 'backlot.subHires.accepted' : 'backlot.subHires.stepped', {
        type: 'success',
        messageArgs: { house: entry.subHire.houseName },
      });
      setAsking(undefined);
      setAccepting(undefined);
    } catch (error) {
      setStepError({
        quoteId: entry.subHire.quoteId,
        message: (error as { message?: string }).message ?? translate('backlot.subHires.failed'),
      });
    } finally {
      setBusy(undefined);
      setReads((n) => n + 1);
    }
  };

  return (
    <FactCard heading={translate('backlot.subHires.card')}>
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.subHires.cardIntro')}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!entries && !failure && <LinearProgress aria-label={translate('backlot.subHires.cardLoading')} />}
      {entries?.map((entry) => {
        const { subHire, theirs } = entry;
        const line = view.lines.find((candidate) => candidate.objectID === subHire.objectID);
        return (
          <Box
            key={subHire.quoteId}
            component="section"
            aria-labelledby={`sub-hire-${subHire.quoteId}`}
            sx={{ display: 'grid', gap: 0.75, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography id={`sub-hire-${subHire.quoteId}`} variant="body2" sx={{ fontWeight: 600 }}>
                {translate('backlot.subHires.line', {
                  quantity: subHire.quantity,
                  name: subHire.theirName,
                  house: subHire.houseName,
                })}
              </Typography>
              {theirs && <QuoteStateChip state={theirs.state} />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {line &&
                line.name !== subHire.theirName &&
                `${translate('backlot.subHires.forLine', { name: line.name })} · `}
              {theirs?.total !== undefined &&
                translate('backlot.subHires.quotedTotal', { total: formatMoney(theirs.total, theirs) })}
            </Typography>
            {!theirs && <Alert severity="warning">{translate('backlot.subHires.gone')}</Alert>}
            {theirs && theirs.actions.length > 0 && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {theirs.actions.includes('accept') && (
                  <Button
                    size="small"
                    variant="contained"
                    disabled={busy !== undefined}
                    // The lender's terms, when it has them, are read and signed first, and its way of cover chosen.
                    onClick={() =>
                      theirs.termsToSign || theirs.coverToChoose ? setAccepting(entry) : void step(entry, 'accept')
                    }
                  >
                    {translate('backlot.subHires.acceptOnAccount')}
                  </Button>
                )}
                {(['decline', 'cancel'] as const)
                  .filter((action) => theirs.actions.includes(action))
                  .map((action) => (
                    <Button
                      key={action}
                      size="small"
                      disabled={busy !== undefined}
                      onClick={() => setAsking({ entry, action })}
                    >
                      {translate(`backlot.subHires.${action}`)}
                    </Button>
                  ))}
              </Stack>
            )}
            {/* A confirmed order is the lender's to change or cancel, as for any customer: say whom to ask. */}
            {theirs && theirs.actions.length === 0 && isOrderState(theirs.state) && theirs.state !== 'closed' && (
              <Typography variant="caption" color="text.secondary">
                {translate('backlot.subHires.askThem', {
                  house: subHire.houseName,
                  contact: [theirs.contact.email, theirs.contact.phone].filter(Boolean).join(', '),
                })}
              </Typography>
            )}
            {stepError?.quoteId === subHire.quoteId && (
              <Alert severity="error" role="alert">
                {stepError.message}
              </Alert>
            )}
          </Box>
        );
      })}
      {accepting?.theirs && (
        <AcceptSubHireDialog
          house={accepting.subHire.houseName}
          {...(accepting.theirs.termsToSign && { terms: accepting.theirs.termsToSign })}
          {...(accepting.theirs.coverToChoose && { cover: accepting.theirs.coverToChoose })}
          money={accepting.theirs}
          busy={busy !== undefined}
          {...(stepError?.quoteId === accepting.subHire.quoteId && { error: stepError.message })}
          onClose={() => setAccepting(undefined)}
          onAccept={(acceptance) => void step(accepting, 'accept', undefined, acceptance)}
        />
      )}
      {asking && (
        <ReasonDialog
          entry={asking.entry}
          action={asking.action}
          busy={busy !== undefined}
          onClose={() => setAsking(undefined)}
          onSend={(reason) => step(asking.entry, asking.action, reason)}
        />
      )}
    </FactCard>
  );
}

function ReasonDialog({
  entry,
  action,
  busy,
  onClose,
  onSend,
}: {
  entry: Entry;
  action: 'decline' | 'cancel';
  busy: boolean;
  onClose: () => void;
  onSend: (reason: string) => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="sub-hire-reason-title" fullWidth maxWidth="xs">
      <form onSubmit={send}>
        <DialogTitle id="sub-hire-reason-title">
          {translate('backlot.subHires.reasonTitle', {
            action: translate(`backlot.subHires.${action}`),
            house: entry.subHire.houseName,
          })}
        </DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={translate('backlot.subHires.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(`backlot.subHires.${action}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
