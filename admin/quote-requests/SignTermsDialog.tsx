/**
 * A lending house's rental terms, read and signed by this house's staff to accept its quote for a
 * sub-hire: the terms as the lender wrote them (rendered on the server, raw HTML off), in a region
 * that scrolls and takes focus, then the signer's full name (required) and title.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { SignatureInput } from '../../schema/types.generated';

export function SignTermsDialog({
  house,
  terms,
  busy,
  onClose,
  onSign,
}: {
  house: string;
  terms: { version: string; html: string };
  busy: boolean;
  onClose: () => void;
  onSign: (signature: SignatureInput) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const sign = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onSign({ termsVersion: terms.version, name: name.trim(), ...(title.trim() && { title: title.trim() }) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="sign-terms-title" fullWidth maxWidth="sm">
      <form onSubmit={sign}>
        <DialogTitle id="sign-terms-title">{translate('backlot.subHires.signTitle', { house })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('backlot.subHires.signLead', { house, version: terms.version })}
          </Typography>
          <Box
            role="region"
            aria-label={translate('backlot.subHires.termsRegion', { house })}
            // A region that scrolls takes focus, or a keyboard cannot read the rest of the terms.
            tabIndex={0}
            sx={{
              maxHeight: 280,
              overflow: 'auto',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              typography: 'body2',
              '& h1, & h2, & h3': { fontSize: '1rem', fontWeight: 600, mt: 1, mb: 0.5 },
            }}
            dangerouslySetInnerHTML={{ __html: terms.html }}
          />
          <TextField
            label={translate('backlot.subHires.signerName')}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            label={translate('backlot.subHires.signerTitle')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
            {translate('backlot.subHires.signAndAccept')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
