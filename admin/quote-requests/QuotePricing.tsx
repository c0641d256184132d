/**
 * One quote request, to price and answer: who asked and for what; each rental priced by the
 * tenant's rule (the same function the server stores), adjustable with a reason; service lines
 * from the Service groups; the totals and the card authorisation; then the steps the vendor has
 * now (send the quote or a revision, pencil or release a hold, confirm the order, cancel). Lines
 * without a GL code are flagged before sending. Every step names the revision read: a request that
 * changed meanwhile is refused (412) and reloaded, with the vendor's pricing kept on screen; a
 * step taken elsewhere reloads it live and says so.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { neverOutSaid } from '../../schema/rental/hire';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, Link, Title, useNotify, useTranslate } from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import { useParams } from 'react-router-dom';
import { priceRequest } from '../../schema/rental/quote-pricing';
import { breakdownDue, dueLines, invoiceRuleOf, ruleForOrder } from '../../schema/rental/invoices';
import { withDefaults } from '../../schema/defaults';
import { isHireState, type QuoteAction } from '../../schema/rental/quote-states';
import type { PricingInput, SiteSettings } from '../../schema/types.generated';
import { AvailabilityPanel } from './AvailabilityPanel';
import { PricingLinesTable, type AdjustmentDraft } from './PricingLinesTable';
import { quoteApi, type PricingView } from './quote-api';
import { QuoteStateChip } from './QuoteStateChip';
import { ServiceLinesEditor, type ServiceDraft } from './ServiceLinesEditor';
import { QuoteInvoicesCard } from '../invoices';
import { OrderAccountLine, ReleaseAndConfirm } from './AccountRelease';
import { CardHoldCard } from './CardHoldCard';
import { HoldCard } from './HoldCard';
import { closingSaid } from './closing-words';
import { ConversationCard } from './ConversationCard';
import { InsuranceCard } from './InsuranceCard';
import { ChangeOrderDialog } from './ChangeOrderDialog';
import { SubHiresCard } from './SubHiresCard';
import { useQuoteEvents } from './useQuoteEvents';
import { OwnChangeProvider, type OwnChange } from './own-changes';
import { useQuoteTenant } from './useQuoteTenant';

/** How long a reason may be: the step schema's. */
const REASON_MAX = schemaDocuments.quoteRequest.$defs.stepInput.properties.reason.maxLength;

interface StepError {
  message: string;
  errors: Record<string, string>;
}

/** The vendor's last pricing of this request, as drafts (a first quote starts from nothing). */
function draftsOf(view: PricingView) {
  const pricing = view.versions?.at(-1)?.pricing;
  return {
    adjustments: Object.fromEntries(
      Object.entries(pricing?.adjustments ?? {}).map(([id, adjustment]) => [
        id,
        { amount: String(adjustment!.amount), reason: adjustment!.reason },
      ]),
    ) as Record<string, AdjustmentDraft>,
    services: (pricing?.services ?? []).map((service) => ({
      ...service,
      quantity: String(service.quantity),
      unitPrice: String(service.unitPrice),
    })) as ServiceDraft[],
    message: pricing?.message ?? '',
  };
}

/** The drafts as the API takes them: empty adjustments left out, numbers as numbers. */
function pricingOf(
  adjustments: Record<string, AdjustmentDraft>,
  services: ServiceDraft[],
  message: string,
): PricingInput {
  return {
    adjustments: Object.fromEntries(
      Object.entries(adjustments)
        .filter(([, draft]) => draft.amount !== '' && Number(draft.amount) !== 0)
        .map(([id, draft]) => [id, { amount: Number(draft.amount), reason: draft.reason.trim() }]),
    ),
    services: services.map((service) => ({
      ...service,
      quantity: Number(service.quantity),
      unitPrice: Number(service.unitPrice || 0),
    })),
    ...(message.trim() && { message: message.trim() }),
  };
}

export function QuotePricing({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const tenant = useQuoteTenant(tenantId);
  const [view, setView] = useState<PricingView>();
  const [loadError, setLoadError] = useState<string>();
  const [adjustments, setAdjustments] = useState<Record<string, AdjustmentDraft>>({});
  const [services, setServices] = useState<ServiceDraft[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<QuoteAction>();
  const [stepError, setStepError] = useState<StepError>();
  const [confirming, setConfirming] = useState<QuoteAction>();
  // Closing a hire of which something never went out: credit it unless the vendor says to invoice it.
  const [notTaken, setNotTaken] = useState<'invoice' | 'credit'>('credit');
  const [changing, setChanging] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  const show = (next: PricingView, keepDrafts = false) => {
    setView(next);
    if (keepDrafts) return;
    const drafts = draftsOf(next);
    setAdjustments(drafts.adjustments);
    setServices(drafts.services);
    setMessage(drafts.message);
  };
  useEffect(() => {
    let live = true;
    quoteApi.open(tenantId, id).then(
      (answer) => live && show(answer),
      (error: Error) => live && setLoadError(error.message),
    );
    return () => void (live = false);
  }, [tenantId, id]);

  // A step taken elsewhere (the visitor accepting, another admin) reloads the request; the pricing being typed stays.
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Changes this page's own cards are making: read again quietly, never said to be from elsewhere.
  const ownChanges = useRef(0);
  const ownChange = useCallback<OwnChange>(
    async (work) => {
      ownChanges.current += 1;
      try {
        const result = await work();
        await quoteApi.open(tenantId, id).then(
          (fresh) => show(fresh, true),
          () => undefined,
        );
        return result;
      } finally {
        ownChanges.current -= 1;
      }
    },
    [tenantId, id],
  );
  useQuoteEvents(tenantId, (changed) => {
    if (changed !== id || busy) return;
    const own = ownChanges.current > 0;
    void quoteApi.open(tenantId, id).then(
      (fresh) => {
        if (fresh.version === view?.version) return;
        show(fresh, true);
        if (!own && ownChanges.current === 0) setChangedElsewhere(true);
      },
      () => undefined,
    );
  });

  const pricing = useMemo(() => pricingOf(adjustments, services, message), [adjustments, services, message]);
  const preview = useMemo(() => {
    if (!view) return undefined;
    const glCodes = new Map(view.lineDetails.map((detail) => [detail.objectID, detail.glCode ?? undefined]));
    return priceRequest(
      view,
      pricing,
      { line: (objectID) => glCodes.get(objectID), service: tenant.glCodeOf },
      view.rule,
    );
  }, [view, pricing, tenant]);

  // Pricing typed but not sent: leaving or reloading the page asks first (the browser's own prompt).
  const saved = useMemo(() => {
    if (!view) return undefined;
    const drafts = draftsOf(view);
    return JSON.stringify(pricingOf(drafts.adjustments, drafts.services, drafts.message));
  }, [view]);
  const unsent = saved !== undefined && JSON.stringify(pricing) !== saved;
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!view || !preview || tenant.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;

  const money = tenant.money;
  const readiness = tenant.readiness(view);
  const canPrice = view.actions.includes('quote');
  const missing = preview.missingGlCodes.map((index) => preview.lines[index]!.name);
  const isOrder = view.state === 'confirmed';
  // Lines with fewer free on the dates than asked for: confirming would be refused, so the dialog says so first.
  const shortLines = view.lines.filter((line) => {
    const detail = view.lineDetails.find((entry) => entry.objectID === line.objectID);
    return detail !== undefined && detail.free < line.quantity;
  });
  const take = async (action: QuoteAction, release?: string) => {
    setConfirming(undefined);
    setBusy(action);
    setStepError(undefined);
    setChangedElsewhere(false);
    try {
      const body =
        action === 'quote'
          ? pricing
          : action === 'cancel' && reason.trim()
            ? { reason: reason.trim() }
            : action === 'close' && view.neverOut.length > 0
              ? { notTaken }
              : action === 'confirm' && release
                ? { release }
                : undefined;
      show(await quoteApi.step(tenantId, view, action, body), action !== 'quote');
      setReason('');
      notify(translate(`backlot.quotes.done.${action}`), { type: 'success' });
    } catch (error) {
      const failure = error as {
        status?: number;
        message: string;
        body?: { message?: string; errors?: Record<string, string> };
      };
      const errors = failure.body?.errors ?? {};
      // Refused fields are marked where they are; the banner says so in words rather than as schema paths.
      const fieldsOnly = failure.status === 400 && Object.keys(errors).length > 0;
      setStepError({
        message: fieldsOnly ? translate('backlot.quotes.fixFields') : (failure.body?.message ?? failure.message),
        errors,
      });
      // A stale request is reloaded; the vendor's pricing stays on screen to send again.
      if (failure.status === 412 || failure.status === 409)
        await quoteApi.open(tenantId, id).then(
          (fresh) => show(fresh, true),
          () => undefined,
        );
    } finally {
      setBusy(undefined);
    }
  };
  const latest = view.versions?.at(-1);
  // An order on a customer account is not paid by card: no processing, no hold to show.
  const card = view.account ? undefined : preview.cardAuthorisation;
  // Tax and card processing as the invoice will have them (the tax follows each item's group).
  const due = breakdownDue(
    preview,
    new Map(view.lineDetails.flatMap((line) => (line.group ? [[line.objectID, line.group] as const] : []))),
    ruleForOrder(view, invoiceRuleOf(withDefaults('site', tenant.tenant?.site ?? ({} as SiteSettings)))),
  );

  return (
    <OwnChangeProvider value={ownChange}>
      <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
        <Title title={translate('backlot.quotes.pricingTitle', { who: view.name ?? view.email })} />
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <Button component={Link} to={`/t/${tenantId}/quote-requests`} startIcon={<ArrowBackIcon />}>
            {translate('backlot.quotes.back')}
          </Button>
          <QuoteStateChip state={view.state} hold={view.hold} />
          {latest && (
            <Typography variant="body2" color="text.secondary">
              {translate('backlot.quotes.versionSent', {
                version: latest.version,
                date: tenant.day(latest.sentAt.slice(0, 10)),
                until: tenant.day(latest.expiresOn),
              })}
            </Typography>
          )}
        </Stack>
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="h6" component="h2">
              {view.production ?? translate('backlot.quotes.noProduction')}
              {view.studio && ` · ${view.studio}`}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {view.name ? `${view.name} (${view.email})` : view.email} · {tenant.days(view.startDate, view.endDate)} (
              {translate('backlot.quotes.dayCount', { smart_count: preview.days })})
            </Typography>
            {(tenant.tenant?.vendor.stores?.length ?? 0) > 1 && (
              <Typography variant="body2">
                {translate('backlot.quotes.fromStore', {
                  store: (
                    tenant.tenant!.vendor.stores!.find((store) => store.id === view.store) ??
                    tenant.tenant!.vendor.stores![0]!
                  ).name,
                })}
              </Typography>
            )}
            <OrderAccountLine tenantId={tenantId} view={view} />
            {view.agreement && (
              <Typography variant="body2">
                {translate('backlot.quotes.signed', {
                  name: view.agreement.title ? `${view.agreement.name}, ${view.agreement.title}` : view.agreement.name,
                  when: tenant.moment(view.agreement.at),
                  ip: view.agreement.ip,
                  version: view.agreement.termsVersion,
                })}{' '}
                <a
                  href={`/api/tenants/${encodeURIComponent(tenantId)}/quote-requests/${encodeURIComponent(view.id)}/agreement.pdf`}
                  target="_blank"
                  rel="noopener"
                >
                  {translate('backlot.quotes.agreementPdf')}
                </a>
              </Typography>
            )}
            {view.subHire && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {translate(view.production ? 'backlot.subHires.forHouse' : 'backlot.subHires.forHouseNoReference', {
                  house: view.subHire.houseName,
                  reference: view.production,
                })}
              </Alert>
            )}
            {view.notes && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                {translate('backlot.quotes.notes')}: {view.notes}
              </Typography>
            )}
          </CardContent>
        </Card>

        {readiness.reasons.length > 0 && (
          <Alert severity="warning">
            <strong>{translate('backlot.insurance.keptIn')}</strong>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {readiness.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          </Alert>
        )}
        <HoldCard
          tenantId={tenantId}
          view={view}
          day={tenant.day}
          moment={tenant.moment}
          today={tenant.today()}
          onChange={(fresh) => show(fresh, true)}
        />
        <CardHoldCard tenantId={tenantId} view={view} money={money} onChange={(fresh) => show(fresh, true)} />
        <InsuranceCard
          tenantId={tenantId}
          view={view}
          standing={readiness.insurance}
          day={tenant.day}
          money={money}
          site={tenant.site}
          onChange={(fresh) => show(fresh, true)}
        />
        <QuoteInvoicesCard
          tenantId={tenantId}
          quoteId={view.id}
          revision={view.version}
          money={money}
          day={tenant.day}
        />
        <SubHiresCard tenantId={tenantId} view={view} />
        <ConversationCard tenantId={tenantId} quoteId={view.id} email={view.email} />

        {changedElsewhere && (
          <Alert severity="info" onClose={() => setChangedElsewhere(false)}>
            {translate('backlot.quotes.changedElsewhere')}
          </Alert>
        )}
        {stepError && (
          <Alert severity="error" role="alert">
            {stepError.message}
            {Object.entries(stepError.errors)
              .filter(([field]) => field.startsWith('lines.'))
              .map(([field, text]) => (
                <div key={field}>
                  {view.lines[Number(field.split('.')[1])]?.name}: {text}
                </div>
              ))}
            {/* Held back by its account: the house may let it through with a reason. */}
            {stepError.errors.release && (
              <ReleaseAndConfirm held={stepError.errors.release} onRelease={(why) => take('confirm', why)} />
            )}
          </Alert>
        )}
        {missing.length > 0 && canPrice && (
          <Alert severity="warning">
            {translate('backlot.quotes.missingGlCodes', { lines: missing.join(', ') })}{' '}
            <Link to={`/t/${tenantId}/categories`}>{translate('backlot.quotes.openCategories')}</Link>
          </Alert>
        )}

        <Card variant="outlined">
          {/* minmax(0, 1fr): the lines table scrolls inside the card on a phone instead of widening it (and the totals with it) past the screen. */}
          <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
            <Box sx={{ overflowX: 'auto' }}>
              <PricingLinesTable
                tenantId={tenantId}
                view={view}
                lines={preview.lines.filter((line) => line.kind === 'item')}
                adjustments={adjustments}
                onAdjust={(objectID, draft) => {
                  setStepError(undefined);
                  setAdjustments((current) => ({ ...current, [objectID]: draft }));
                }}
                money={money}
                errors={stepError?.errors ?? {}}
                disabled={!canPrice || busy !== undefined}
              />
            </Box>
            <ServiceLinesEditor
              services={services}
              onChange={(next) => {
                setStepError(undefined);
                setServices(next);
              }}
              tenant={tenant}
              errors={stepError?.errors ?? {}}
              disabled={!canPrice || busy !== undefined}
            />
            <TextField
              label={translate('backlot.quotes.message')}
              multiline
              minRows={2}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              disabled={!canPrice || busy !== undefined}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <Divider />
            <Box
              component="dl"
              aria-label={translate('backlot.quotes.totals')}
              // On a phone the labels take what is left and wrap; the figures keep their whole width.
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) max-content', sm: 'max-content max-content' },
                justifyContent: 'end',
                columnGap: { xs: 2, sm: 4 },
                rowGap: 0.5,
                m: 0,
                '& dd': { m: 0, textAlign: 'right', whiteSpace: 'nowrap' },
              }}
            >
              <dt>{translate('backlot.quotes.rentals')}</dt>
              <dd>{money(preview.rentalSubtotal)}</dd>
              <dt>{translate('backlot.quotes.servicesTotal')}</dt>
              <dd>{money(preview.servicesSubtotal)}</dd>
              {/* The totals in the order they add up, ending on what is charged: the storefront's own lines (dueLines). */}
              {dueLines(due).map((line) => {
                const label =
                  line.kind === 'waiver'
                    ? translate('backlot.quotes.waiver', { percent: tenant.site.damageWaiver?.percent ?? 0 })
                    : line.kind === 'processing'
                      ? translate('backlot.quotes.processing', { percent: card?.processingPercent ?? 0 })
                      : line.kind === 'beforeTax'
                        ? translate('backlot.quotes.beforeTax', { name: due.taxName })
                        : line.kind === 'tax'
                          ? translate('backlot.quotes.tax', { name: due.taxName, rate: due.taxRate })
                          : line.kind === 'withTax'
                            ? translate('backlot.quotes.totalWithTax', { name: due.taxName })
                            : due.processing > 0
                              ? translate('backlot.quotes.charged')
                              : due.tax > 0
                                ? translate('backlot.quotes.totalWithTax', { name: due.taxName })
                                : translate('backlot.quotes.total');
                const weight = line.kind === 'total' ? 700 : undefined;
                return (
                  <Fragment key={line.kind}>
                    <Typography component="dt" sx={{ fontWeight: weight }}>
                      {label}
                    </Typography>
                    <Typography component="dd" sx={{ fontWeight: weight }}>
                      {money(line.amount)}
                    </Typography>
                  </Fragment>
                );
              })}
            </Box>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {/* Extending a hold takes a day: the hold card asks for it. */}
              {view.actions
                .filter((action) => action !== 'extend')
                .map((action) => (
                  <Button
                    key={action}
                    variant={action === 'quote' || action === 'confirm' ? 'contained' : 'outlined'}
                    color={action === 'cancel' ? 'error' : 'primary'}
                    disabled={busy !== undefined || (action === 'quote' && missing.length > 0)}
                    onClick={() =>
                      action === 'change'
                        ? setChanging(true)
                        : action === 'cancel' || action === 'confirm' || action === 'close'
                          ? setConfirming(action)
                          : void take(action)
                    }
                  >
                    {action === 'quote' && latest
                      ? translate('backlot.quotes.actions.revise', { version: latest.version + 1 })
                      : translate(`backlot.quotes.actions.${action === 'cancel' && isOrder ? 'cancelOrder' : action}`)}
                  </Button>
                ))}
              {/* Once confirmed, the order's floor work: its pull sheet and scanning. */}
              {(isHireState(view.state) || view.state === 'confirmed') && (
                <Button component={Link} to={`/t/${tenantId}/dispatch/${view.id}`} variant="outlined">
                  {translate('backlot.quotes.pullSheet')}
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>

        {changing && (
          <ChangeOrderDialog
            tenantId={tenantId}
            view={view}
            pricing={pricing}
            onClose={() => setChanging(false)}
            onChanged={(next) => {
              setChanging(false);
              show(next, true);
              notify(translate('backlot.quotes.done.change'), { type: 'success' });
            }}
          />
        )}

        <Card variant="outlined">
          <CardContent>
            <AvailabilityPanel tenantId={tenantId} view={view} />
          </CardContent>
        </Card>

        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {translate('backlot.quotes.history')}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
              {(view.history ?? []).map((entry, index) => (
                <Typography component="li" variant="body2" key={index}>
                  {new Date(entry.at).toLocaleString()} · {translate(`backlot.quotes.historyActions.${entry.action}`)}
                  {entry.version !== undefined && ` (v${entry.version})`} ·{' '}
                  {entry.email ?? translate(`backlot.quotes.by.${entry.by}`)}
                  {entry.note && ` · “${entry.note}”`}
                </Typography>
              ))}
            </Box>
          </CardContent>
        </Card>

        <Confirm
          isOpen={confirming !== undefined}
          title={translate(
            `backlot.quotes.confirmTitle.${confirming === 'cancel' && isOrder ? 'cancelOrder' : (confirming ?? 'cancel')}`,
          )}
          content={
            confirming === 'cancel' ? (
              <Stack spacing={2} sx={{ pt: 1 }}>
                <Typography>
                  {translate(`backlot.quotes.confirmContent.${isOrder ? 'cancelOrder' : 'cancel'}`)}
                </Typography>
                <TextField
                  label={translate(isOrder ? 'backlot.quotes.reasonRequired' : 'backlot.quotes.reasonOptional')}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonMissing(false);
                  }}
                  required={isOrder}
                  error={reasonMissing}
                  helperText={
                    reasonMissing ? translate('backlot.quotes.reasonMissing') : translate('backlot.quotes.reasonHint')
                  }
                  slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                  fullWidth
                />
              </Stack>
            ) : confirming === 'close' ? (
              <Stack spacing={2} sx={{ pt: 1 }}>
                {view.neverOut.length > 0 && (
                  <>
                    <Alert severity="warning">
                      {translate('backlot.quotes.notTaken.said', { lines: neverOutSaid(view.neverOut) })}
                    </Alert>
                    <RadioGroup
                      aria-label={translate('backlot.quotes.notTaken.choose')}
                      value={notTaken}
                      onChange={(event) => setNotTaken(event.target.value as 'invoice' | 'credit')}
                    >
                      <FormControlLabel
                        value="credit"
                        control={<Radio />}
                        label={translate('backlot.quotes.notTaken.credit')}
                      />
                      <FormControlLabel
                        value="invoice"
                        control={<Radio />}
                        label={translate('backlot.quotes.notTaken.invoice')}
                      />
                    </RadioGroup>
                  </>
                )}
                {view.closing && (
                  <Typography>
                    {closingSaid({ account: view.account, closing: view.closing }, notTaken, money, translate)}
                  </Typography>
                )}
              </Stack>
            ) : confirming === 'confirm' && shortLines.length > 0 ? (
              <Alert severity="warning">
                {translate('backlot.quotes.confirmContent.confirmShort', {
                  lines: shortLines.map((line) => line.name).join(', '),
                })}
              </Alert>
            ) : (
              translate(`backlot.quotes.confirmContent.${confirming ?? 'cancel'}`, {
                total: money(latest?.breakdown.total ?? preview.total),
              })
            )
          }
          confirm={translate(
            `backlot.quotes.actions.${confirming === 'cancel' && isOrder ? 'cancelOrder' : (confirming ?? 'cancel')}`,
          )}
          confirmColor={confirming === 'cancel' ? 'warning' : 'primary'}
          onConfirm={() => {
            if (confirming === 'cancel' && isOrder && !reason.trim()) return setReasonMissing(true);
            void take(confirming!);
          }}
          onClose={() => {
            setConfirming(undefined);
            setReasonMissing(false);
          }}
        />
      </Box>
    </OwnChangeProvider>
  );
}
