/**
 * Tests due: every unit's test falling due over the next days, and those overdue, soonest first
 * (GET tests-due), each tested from here (TestUnitDialog) and read again after. The warehouse's
 * week at a glance: a unit overdue stays in, one due before a hire ends is refused at scan-out.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useLoaded } from '../lib/useLoaded';
import { Link, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { hireApi } from '../dispatch/hire-api';
import { TestUnitDialog } from '../dispatch/TestUnitDialog';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

const SPANS = [7, 30, 90] as const;
/** Columns a phone folds into the unit's cell. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function TestsDueScreen() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const { day } = useQuoteTenant(tenantId);
  const [span, setSpan] = useState<(typeof SPANS)[number]>(7);

  const [testing, setTesting] = useState<string>();
  const [said, setSaid] = useState<string>();

  const {
    value: list,
    error,
    reload: load,
  } = useLoaded(useCallback(() => hireApi.testsDue(tenantId, span), [tenantId, span]));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={translate('backlot.tests.heading')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        sx={{ mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {translate('backlot.tests.heading')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={span}
          aria-label={translate('backlot.tests.days')}
          onChange={(_event, value: (typeof SPANS)[number] | null) => value && setSpan(value)}
        >
          {SPANS.map((days) => (
            <ToggleButton key={days} value={days}>
              {translate(`backlot.tests.spans.${days}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {said && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaid(undefined)}>
          {said}
        </Alert>
      )}
      {!list && !error && <LinearProgress aria-label={translate('backlot.tests.loading')} />}
      {list && list.due.length === 0 && (
        <Alert severity="info">{translate('backlot.tests.empty', { until: day(list.until) })}</Alert>
      )}
      {list && list.due.length > 0 && (
        <Table size="small" aria-label={translate('backlot.tests.heading')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('backlot.tests.unit')}</TableCell>
              <TableCell sx={wideOnly}>{translate('backlot.tests.test')}</TableCell>
              <TableCell>{translate('backlot.tests.dueOn')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.due.map((row) => (
              <TableRow key={`${row.tag}:${row.rule}`}>
                <TableCell>
                  <Link to={`/t/${tenantId}/items/${encodeURIComponent(row.objectID)}`}>{row.name}</Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {row.tag}
                    <Box component="span" sx={{ display: { sm: 'none' } }}>
                      {' · '}
                      {row.test}
                    </Box>
                  </Typography>
                </TableCell>
                <TableCell sx={wideOnly}>{row.test}</TableCell>
                <TableCell>
                  {row.overdue ? (
                    <Chip
                      size="small"
                      color="error"
                      label={`${translate('backlot.tests.overdue')} · ${day(row.dueOn)}`}
                    />
                  ) : (
                    day(row.dueOn)
                  )}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" variant="outlined" onClick={() => setTesting(row.tag)}>
                    {translate('backlot.tests.record')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {testing && (
        <TestUnitDialog
          tenantId={tenantId}
          tag={testing}
          onClose={() => setTesting(undefined)}
          onDone={(unit, result) => {
            setTesting(undefined);
            setSaid(
              translate(result === 'pass' ? 'backlot.tests.passedSaved' : 'backlot.tests.failedRepair', {
                tag: unit.tag,
              }),
            );
            void load();
          }}
        />
      )}
    </Box>
  );
}
