/**
 * The vendor's calendar feed on the Dispatch screen: a secret link that Google Calendar, Outlook
 * or Apple Calendar subscribes to (every pick-up and return), each item's beside it; made,
 * copied, replaced (the old link stops working, asked first) or turned off.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { hireApi, type CalendarFeedLink } from './hire-api';

export function CalendarFeed({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const [link, setLink] = useState<CalendarFeedLink>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState<'replace' | 'off'>();
  useEffect(() => {
    hireApi.calendarFeed(tenantId, 'GET').then(setLink, (failure: Error) => setError(failure.message));
  }, [tenantId]);

  const change = async (method: 'POST' | 'DELETE') => {
    setBusy(true);
    setError(undefined);
    setAsking(undefined);
    try {
      setLink(await hireApi.calendarFeed(tenantId, method));
      setCopied(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link?.url) return;
    await navigator.clipboard.writeText(link.url).then(
      () => setCopied(true),
      () => setError(translate('backlot.calendar.copyFailed')),
    );
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <EventIcon color="action" />
          <Typography variant="h6" component="h2">
            {translate('backlot.calendar.title')}
          </Typography>
        </Stack>
        {!link && !error && <Typography color="text.secondary">{translate('backlot.dispatch.loading')}</Typography>}
        {link && !link.url && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {translate('backlot.calendar.none')}
            </Typography>
            <Button variant="outlined" disabled={busy} onClick={() => void change('POST')}>
              {translate('backlot.calendar.make')}
            </Button>
          </>
        )}
        {link?.url && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {translate('backlot.calendar.lead')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
              <TextField
                fullWidth
                size="small"
                label={translate('backlot.calendar.link')}
                value={link.url}
                helperText={translate('backlot.calendar.itemLink', { url: link.itemUrl ?? '' })}
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
                  },
                }}
              />
              <Button
                variant="contained"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copy()}
                sx={{ flex: 'none' }}
              >
                {translate(copied ? 'backlot.calendar.copied' : 'backlot.calendar.copy')}
              </Button>
            </Stack>
            <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" disabled={busy} onClick={() => setAsking('replace')}>
                {translate('backlot.calendar.replace')}
              </Button>
              <Button size="small" color="warning" disabled={busy} onClick={() => setAsking('off')}>
                {translate('backlot.calendar.off')}
              </Button>
            </Box>
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
      <Confirm
        isOpen={asking !== undefined}
        title={translate(asking === 'off' ? 'backlot.calendar.offTitle' : 'backlot.calendar.replaceTitle')}
        content={translate('backlot.calendar.stopsWorking')}
        confirm={translate(asking === 'off' ? 'backlot.calendar.off' : 'backlot.calendar.replace')}
        onConfirm={() => void change(asking === 'off' ? 'DELETE' : 'POST')}
        onClose={() => setAsking(undefined)}
      />
    </Card>
  );
}
