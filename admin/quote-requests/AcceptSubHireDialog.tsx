/**
 * Accepting a lending house's quote for a sub-hire, where there is something to decide first: the
 * way of cover, when the lender takes several (its certificate, or the damage waiver with its price
 * and terms), and its rental terms, when it has them: read in a region that scrolls and takes
 * focus (rendered on the server, raw HTML off), then signed with the signer's full name (required),
 * title and, if they like, a drawn signature.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { CoverChoice } from '../../schema/rental/cover';
import { formatMoney } from '../../schema/display/format';
import type { SignatureInput, SiteSettings } from '../../schema/types.generated';
import { isDrawn, SignaturePadField, type Drawing } from '../components/SignaturePadField';

/** The lender's ways of cover while accepting chooses one; the waiver with its price on this quote. */
export interface CoverToChoose {
  options: CoverChoice[];
  waiver?: Pick<NonNullable<SiteSettings['damageWaiver']>, 'percent' | 'covers' | 'excludes' | 'maxLiability'> & {
    price: number;
  };
}

export function AcceptSubHireDialog({
  house,
  terms,
  cover,
  money,
  busy,
  error,
  onClose,
  onAccept,
}: {
  house: string;
  terms?: { version: string; html: string };
  cover?: CoverToChoose;
  /** The lender's currency and locale. */
  money: { currency: string; locale: string };
  busy: boolean;
  /** Why the last try was refused (the lender's answer). */
  error?: string;
  onClose: () => void;
  onAccept: (accepting: { signature?: SignatureInput; cover?: CoverChoice }) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [choice, setChoice] = useState<CoverChoice>();
  const drawing = useRef<Drawing>({});
  const ready = (!terms || name.trim() !== '') && (!cover || choice !== undefined);
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const drawn = isDrawn(drawing.current) ? drawing.current.pad!.toDataURL('image/png') : undefined;
    onAccept({
      ...(terms && {
        signature: {
          termsVersion: terms.version,
          name: name.trim(),
          ...(title.trim() && { title: title.trim() }),
          ...(drawn && { drawing: drawn }),
        },
      }),
      ...(choice && { cover: choice }),
    });
  };
  const waiver = cover?.waiver;
  const amount = (value: number) => formatMoney(value, money);
  return (
    <Dialog open onClose={onClose} aria-labelledby="accept-sub-hire-title" fullWidth maxWidth="sm">
      <form onSubmit={accept}>
        <DialogTitle id="accept-sub-hire-title">
          {translate(terms ? 'backlot.subHires.signTitle' : 'backlot.subHires.acceptTitle', { house })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {cover && (
            <FormControl required>
              <FormLabel id="sub-hire-cover">{translate('backlot.subHires.coverLead', { house })}</FormLabel>
              <RadioGroup
                aria-labelledby="sub-hire-cover"
                value={choice ?? ''}
                onChange={(event) => setChoice(event.target.value as CoverChoice)}
              >
                {cover.options.map((option) => (
                  <FormControlLabel
                    key={option}
                    value={option}
                    control={<Radio />}
                    label={
                      option === 'waiver' && waiver ? (
                        <Box sx={{ py: 0.5 }}>
                          {translate('backlot.subHires.waiverOption', {
                            price: amount(waiver.price),
                            percent: waiver.percent,
                          })}
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="span"
                            sx={{ display: 'block' }}
                          >
                            {translate('backlot.subHires.waiverTerms', {
                              covers: waiver.covers,
                              excludes: waiver.excludes,
                              max: amount(waiver.maxLiability),
                            })}
                          </Typography>
                        </Box>
                      ) : (
                        translate(`backlot.subHires.coverOption.${option}`, { house })
                      )
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
          {terms && (
            <>
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
              <SignaturePadField
                id="sub-hire-drawing"
                label={translate('backlot.subHires.drawSignature')}
                clearLabel={translate('backlot.handover.clear')}
                drawingRef={drawing}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !ready}>
            {translate(terms ? 'backlot.subHires.signAndAccept' : 'backlot.subHires.acceptOnAccount')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
