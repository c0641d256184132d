/**
 * The certificate of insurance on a request, as the vendor needs it: where it stands (none yet,
 * lapsed, ending before the hire does, covering less than the order's items are worth to replace,
 * current), what it says (insurer, policy, cover end, cover set against that value, who uploaded
 * it and when), the file to download, and a form to upload one on the production's
 * behalf (a PDF or a photo, with the day its cover ends). Shown when the tenant asks for
 * certificates, or when the request has one anyway.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { InsuranceStanding } from '../../schema/rental/insurance';
import { coveredWords } from '../../schema/rental/insurance';
import { chosenCover, coverOpen, coverOptionsOf, waiverPrice, type CoverChoice } from '../../schema/rental/cover';
import { formatMoneyIn } from '../../schema/display/format';
import { base64Of } from '../../schema/display/file-base64';
import { DetailList } from '../components/DetailList';
import { FactCard } from '../components/FactCard';
import type { InsuranceReview, InsuranceUpload, SiteSettings } from '../../schema/types.generated';
import { visitorForms } from '../../schema/visitor-forms';
import { certificateDetailsOf } from '../../schema/display/certificate-details';
import { quoteApi, type PricingView } from './quote-api';
import { useOwnChange } from './own-changes';
import { refusalText } from '../lib/refusal-text';

/** What a certificate says, as the schema's certificate upload has it (the file apart). */
const CERTIFICATE_FIELDS = visitorForms.certificateFields;

export const STANDING_TONES: Record<InsuranceStanding, 'success' | 'warning' | 'error'> = {
  current: 'success',
  startsLate: 'warning',
  endsEarly: 'warning',
  coverShort: 'warning',
  lapsed: 'error',
  missing: 'error',
  refused: 'error',
};

export function InsuranceCard({
  tenantId,
  view,
  standing,
  day,
  money: formatAmount,
  site,
  onChange,
}: {
  tenantId: string;
  view: PricingView;
  standing: InsuranceStanding | undefined;
  day: (date: string) => string;
  money: (amount: number) => string;
  site: SiteSettings;
  onChange: (view: PricingView) => void;
}) {
  const translate = useTranslate();
  const ownChange = useOwnChange();
  const formId = useId();
  const [file, setFile] = useState<File>();
  // What the certificate says, by field (the schema's certificate fields; only its last day is required here).
  const [details, setDetails] = useState<Record<string, string | boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const certificate = view.insurance;
  const money = (amount: number | undefined) => (amount === undefined ? '' : formatAmount(amount));
  const options = coverOptionsOf(site);
  const cover = chosenCover(view, site);
  if (!standing && !certificate && !options.length) return null;
  const byCertificate = cover === 'certificate' || cover === undefined;

  const choose = async (choice: CoverChoice) => {
    setBusy(true);
    setError(undefined);
    try {
      await ownChange(() => quoteApi.chooseCover(tenantId, view, choice));
      onChange(await quoteApi.open(tenantId, view.id));
    } catch (error) {
      setError(refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const review = async (input: InsuranceReview) => {
    setBusy(true);
    setError(undefined);
    try {
      await ownChange(() => quoteApi.reviewInsurance(tenantId, view, input));
      onChange(await quoteApi.open(tenantId, view.id));
      setRefusing(false);
      setReason('');
    } catch (error) {
      setError(refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(translate('backlot.insurance.chooseFile'));
    setBusy(true);
    setError(undefined);
    try {
      const data = await base64Of(file);
      await ownChange(() =>
        quoteApi.uploadInsurance(tenantId, view.id, {
          data,
          fileName: file.name,
          ...(certificateDetailsOf(CERTIFICATE_FIELDS, (name) => details[name]) as Pick<InsuranceUpload, 'expiresOn'>),
        }),
      );
      onChange(await quoteApi.open(tenantId, view.id));
      setFile(undefined);
      setDetails({});
    } catch (error) {
      const failure = error as { message: string; body?: { message?: string; errors?: Record<string, string> } };
      const fields = Object.entries(failure.body?.errors ?? {}).map(
        ([field, problem]) => `${translate(`backlot.insurance.fields.${field}`, { _: field })}: ${problem}`,
      );
      setError(fields.length ? fields.join(' ') : (failure.body?.message ?? failure.message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FactCard
      heading={translate(options.length > 1 ? 'backlot.insurance.coverHeading' : 'backlot.insurance.heading')}
      chips={
        <>
          {standing && (
            <Chip
              size="small"
              color={STANDING_TONES[standing]}
              label={translate(`backlot.insurance.standing.${standing}`, {
                date: certificate ? day(certificate.expiresOn) : '',
                starts: certificate?.effectiveOn ? day(certificate.effectiveOn) : '',
                cover: certificate?.coverAmount === undefined ? '' : coveredWords(certificate, site),
                value: money(view.replacementValue),
              })}
            />
          )}
        </>
      }
    >
      {options.length > 1 && (
        <TextField
          select
          size="small"
          label={translate('backlot.insurance.coverWay')}
          value={cover ?? ''}
          disabled={busy}
          onChange={(event) => void choose(event.target.value as CoverChoice)}
          helperText={view.cover ? translate(`backlot.insurance.coverBy.${view.cover.by}`) : undefined}
          sx={{ maxWidth: 360 }}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option} disabled={option !== 'certificate' && !coverOpen(view)}>
              {translate(`backlot.insurance.coverWays.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {cover === 'waiver' && site.damageWaiver && (
        <Alert severity="info">
          {translate('backlot.insurance.byWaiver', {
            amount: money(waiverPrice(view, site.damageWaiver.percent)),
            percent: site.damageWaiver.percent,
          })}
        </Alert>
      )}
      {cover === 'cardHold' && (
        <Alert severity="info">{translate('backlot.insurance.byCard', { value: money(view.replacementValue) })}</Alert>
      )}
      {certificate && (
        <DetailList
          rows={[
            [
              translate('backlot.insurance.coverRuns'),
              certificate.effectiveOn
                ? `${day(certificate.effectiveOn)} – ${day(certificate.expiresOn)}`
                : translate('backlot.insurance.untilDay', { date: day(certificate.expiresOn) }),
            ],
            [translate('backlot.insurance.insurer'), certificate.insurer],
            [translate('backlot.insurance.policyNumber'), certificate.policyNumber],
            [translate('backlot.insurance.namedInsured'), certificate.namedInsured],
            [
              translate('backlot.insurance.additionalInsured'),
              certificate.anyLessor ? translate('backlot.insurance.anyLessor') : certificate.additionalInsured,
            ],
            [
              translate('backlot.insurance.generalLiability'),
              certificate.generalLiability === undefined
                ? undefined
                : formatMoneyIn(certificate.generalLiability, certificate.currency, site),
            ],
            [
              translate('backlot.insurance.coverAmount'),
              certificate.coverAmount === undefined
                ? undefined
                : translate('backlot.insurance.coverAgainst', {
                    cover: coveredWords(certificate, site),
                    value: money(view.replacementValue),
                  }),
            ],
            [
              translate('backlot.insurance.uploaded'),
              `${new Date(certificate.uploadedAt).toLocaleString()} · ${translate(`backlot.insurance.by.${certificate.uploadedBy}`)}`,
            ],
          ]}
        />
      )}
      {certificate && (
        <Box>
          <Button
            variant="outlined"
            size="small"
            href={quoteApi.insuranceHref(tenantId, view.id)}
            download={certificate.fileName}
          >
            {translate('backlot.insurance.download', {
              name: certificate.fileName,
              size: `${Math.max(1, Math.round(certificate.size / 1024))} KB`,
            })}
          </Button>
        </Box>
      )}
      {certificate?.review && (
        <Alert severity={certificate.review.state === 'verified' ? 'success' : 'error'}>
          {translate(
            certificate.review.state === 'verified' ? 'backlot.insurance.verifiedBy' : 'backlot.insurance.refusedBy',
            {
              by: certificate.review.by,
              at: new Date(certificate.review.at).toLocaleString(),
              note: certificate.review.note ?? '',
            },
          )}
          {certificate.review.state === 'verified' && certificate.review.note ? ` · ${certificate.review.note}` : ''}
        </Alert>
      )}
      {certificate && !certificate.review && !refusing && (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            color="success"
            size="small"
            disabled={busy}
            onClick={() => void review({ state: 'verified' })}
          >
            {translate('backlot.insurance.verify')}
          </Button>
          <Button variant="outlined" color="error" size="small" disabled={busy} onClick={() => setRefusing(true)}>
            {translate('backlot.insurance.refuse')}
          </Button>
        </Stack>
      )}
      {refusing && (
        <Box
          component="form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void review({ state: 'refused', note: reason.trim() });
          }}
          sx={{ display: 'grid', gap: 1 }}
        >
          <TextField
            label={translate('backlot.insurance.refuseReason')}
            value={reason}
            required
            multiline
            minRows={2}
            size="small"
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="error" size="small" disabled={busy || !reason.trim()}>
              {translate('backlot.insurance.refuseSend')}
            </Button>
            <Button size="small" onClick={() => setRefusing(false)}>
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Box>
      )}
      {byCertificate && (
        <Box
          component="form"
          id={formId}
          onSubmit={(event) => void upload(event)}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {translate(certificate ? 'backlot.insurance.replaceLead' : 'backlot.insurance.uploadLead')}
          </Typography>
          <Button
            variant="outlined"
            component="label"
            sx={{ gridColumn: '1 / -1', justifySelf: 'start', textTransform: 'none' }}
          >
            {file ? file.name : translate('backlot.insurance.chooseFile')}
            <input
              hidden
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              aria-label={translate('backlot.insurance.file')}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </Button>
          {CERTIFICATE_FIELDS.map((field) =>
            field.input === 'checkbox' ? (
              <FormControlLabel
                key={field.name}
                label={field.label}
                control={
                  <Checkbox
                    checked={details[field.name] === true}
                    onChange={(event) => setDetails({ ...details, [field.name]: event.target.checked })}
                  />
                }
              />
            ) : (
              <TextField
                key={field.name}
                label={field.label}
                required={field.name === 'expiresOn'}
                type={field.input === 'date' ? 'date' : field.input === 'number' ? 'number' : 'text'}
                size="small"
                value={details[field.name] ?? (field.input === 'currency' ? (site.currency ?? '') : '')}
                onChange={(event) => setDetails({ ...details, [field.name]: event.target.value })}
                helperText={
                  field.name === 'coverAmount'
                    ? translate('backlot.insurance.coverHelp', { value: money(view.replacementValue) })
                    : undefined
                }
                slotProps={{
                  ...(field.input === 'date' && { inputLabel: { shrink: true } }),
                  htmlInput: {
                    ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
                    ...(field.input === 'number' && {
                      min: field.min,
                      max: field.max,
                      step: '0.01',
                      inputMode: 'decimal',
                    }),
                    ...(field.input === 'currency' && { maxLength: 3 }),
                  },
                }}
              />
            ),
          )}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? translate('backlot.insurance.uploading') : translate('backlot.insurance.upload')}
            </Button>
          </Box>
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </FactCard>
  );
}
