/**
 * /admin/#/welcome/<token>: where an approved house's admin lands from the mailed link (no
 * session yet): they choose a password, the server makes their console account and signs it in,
 * and the console opens on their house's Items → Import. A used or expired link says so, with
 * where to go instead.
 */
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export function Welcome() {
  const { token = '' } = useParams();
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== again) return setProblem(translate('backlot.welcome.mismatch'));
    setBusy(true);
    setProblem(undefined);
    try {
      const response = await fetch('/api/auth/welcome', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; next?: string };
      if (!response.ok) return setProblem(body.message ?? translate('backlot.welcome.failed'));
      // A fresh load (a new query makes one), so the console reads the new session.
      window.location.replace(`/admin/?welcome=1#${body.next ?? '/'}`);
    } catch {
      setProblem(translate('backlot.welcome.offline'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('backlot.welcome.title')}
          </Typography>
          <Typography variant="body2">{translate('backlot.welcome.lead')}</Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label={translate('backlot.welcome.password')}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label={translate('backlot.welcome.again')}
            type="password"
            autoComplete="new-password"
            required
            value={again}
            onChange={(event) => setAgain(event.target.value)}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(busy ? 'backlot.welcome.opening' : 'backlot.welcome.open')}
          </Button>
          <Typography variant="body2">
            {translate('backlot.welcome.haveAccount')} <a href="/admin/#/login">{translate('ra.auth.sign_in')}</a>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
