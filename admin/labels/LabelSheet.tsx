/**
 * Labels to print, for an item's units or an order's (/t/<tenantId>/dispatch/labels?item=… or
 * ?order=…): each a QR code of `<tenant>/<tag>` (what the scan field and the camera read) beside
 * the rental house, the item, the tag in large type and its location. Two layouts: a sheet of
 * sticky labels (three across on A4 or Letter) or a label printer's roll (62 × 29 mm, one a page);
 * on paper the console's bar, menu and these controls are left off.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  GlobalStyles,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useEffect, useState } from 'react';
import { Link, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { withDefaults } from '../../schema/defaults';
import type { Tenant } from '../../schema/types.generated';
import { useTenantRecord } from '../tenants/useTenantRecord';
import { printAlone } from './print';
import { QrCode } from './QrCode';

interface Label {
  code: string;
  tag: string | null;
  objectID: string;
  name: string;
  location: string | null;
  counted: boolean;
}

type Layout = 'sheet' | 'roll';

/** Each layout's page and label, for the printer. */
const pageStyles: Record<Layout, object> = {
  sheet: { '@media print': { '@page': { size: 'auto', margin: '10mm' } } },
  roll: { '@media print': { '@page': { size: '62mm 29mm', margin: 0 } } },
};

export function LabelSheet({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const item = params.get('item');
  const order = params.get('order');
  const { data: tenant } = useTenantRecord(tenantId);
  const [labels, setLabels] = useState<Label[]>();
  const [error, setError] = useState<string>();
  const [layout, setLayout] = useState<Layout>('sheet');
  useEffect(() => {
    const query = item ? `item=${encodeURIComponent(item)}` : order ? `order=${encodeURIComponent(order)}` : '';
    if (!query) return;
    fetchUtils.fetchJson(`/api/tenants/${encodeURIComponent(tenantId)}/labels?${query}`).then(
      ({ json }) => setLabels((json as { labels: Label[] }).labels),
      (failure: Error) => setError(failure.message),
    );
  }, [tenantId, item, order]);
  const house =
    withDefaults('vendor', tenant?.vendor ?? ({} as Tenant['vendor'])).displayName ?? tenant?.vendor.name ?? tenantId;
  const back = order
    ? `/t/${tenantId}/dispatch/${encodeURIComponent(order)}`
    : item
      ? `/t/${tenantId}/items/${encodeURIComponent(item)}`
      : `/t/${tenantId}/dispatch`;
  const roll = layout === 'roll';
  const problem = !item && !order ? translate('backlot.labels.nothing') : error;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, '@media print': { p: 0 } }}>
      <Title title={translate('backlot.labels.title')} />
      {printAlone}
      <GlobalStyles styles={pageStyles[layout]} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        sx={{ mb: 2, displayPrint: 'none' }}
      >
        <Box>
          <Button component={Link} to={back} startIcon={<ArrowBackIcon />}>
            {translate('backlot.labels.back')}
          </Button>
          <Typography variant="h5" component="h1">
            {translate('backlot.labels.title')}
          </Typography>
          {labels && (
            <Typography color="text.secondary">
              {translate('backlot.labels.count', { smart_count: labels.length })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} alignItems="center">
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layout}
            onChange={(_event, value: Layout | null) => value && setLayout(value)}
            aria-label={translate('backlot.labels.layout')}
          >
            <ToggleButton value="sheet">{translate('backlot.labels.sheet')}</ToggleButton>
            <ToggleButton value="roll">{translate('backlot.labels.roll')}</ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="contained"
            startIcon={<PrintIcon />}
            disabled={!labels?.length}
            onClick={() => window.print()}
          >
            {translate('backlot.scan.print')}
          </Button>
        </Stack>
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {!labels && !problem && <LinearProgress aria-label={translate('backlot.dispatch.loading')} />}
      {labels?.length === 0 && <Alert severity="info">{translate('backlot.labels.none')}</Alert>}
      {labels && labels.length > 0 && (
        <Box
          component="ul"
          aria-label={translate('backlot.labels.title')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: roll ? 2 : '4mm',
            gridTemplateColumns: roll
              ? 'repeat(auto-fill, 62mm)'
              : { xs: '1fr', sm: 'repeat(auto-fill, minmax(62mm, 1fr))' },
            '@media print': roll ? { display: 'block' } : { gridTemplateColumns: 'repeat(3, 1fr)' },
          }}
        >
          {labels.map((label, index) => (
            <Box
              component="li"
              key={`${label.code}-${index}`}
              sx={{
                display: 'flex',
                gap: '2.5mm',
                alignItems: 'center',
                height: '29mm',
                p: '2mm',
                boxSizing: 'border-box',
                border: '1px dashed',
                borderColor: 'divider',
                bgcolor: '#fff',
                color: '#000',
                breakInside: 'avoid',
                overflow: 'hidden',
                '@media print': roll ? { border: 0, width: '62mm', breakAfter: 'page' } : { borderColor: '#bbb' },
              }}
            >
              <QrCode text={label.code} size="24mm" label={translate('backlot.labels.qr', { code: label.code })} />
              <Box sx={{ minWidth: 0, lineHeight: 1.15, fontFamily: 'Arial, Helvetica, sans-serif' }}>
                <Box sx={{ fontSize: '6.5pt', textTransform: 'uppercase', letterSpacing: '0.04em' }}>{house}</Box>
                <Box
                  sx={{
                    fontSize: '7.5pt',
                    fontWeight: 700,
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {label.name}
                </Box>
                <Box
                  sx={{
                    fontSize: label.tag ? '9pt' : '7pt',
                    fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                    fontWeight: 700,
                    mt: '1mm',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {label.tag ?? translate('backlot.labels.counted')}
                </Box>
                {label.location && (
                  <Box sx={{ fontSize: '6.5pt' }}>
                    {translate('backlot.labels.location', { location: label.location })}
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
