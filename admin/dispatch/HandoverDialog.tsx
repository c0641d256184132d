/**
 * A hand-over on the warehouse floor: the name of whoever takes the items (or brings them back)
 * and their signature, drawn with a finger on the phone (signature_pad). The signature is uploaded
 * as an image through the item photo rules, then the hand-over is recorded with its address; the
 * device's id makes a retry after a dropped connection count once.
 */
import { Box, Button, TextField, Typography } from '@mui/material';
import SignaturePad from 'signature_pad';
import { startSignaturePad } from '../../schema/display/signature-pad';
import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ScanInput } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { uploadPhoto } from '../items/photoUpload';
import { hireApi, type ScanAnswer } from './hire-api';
import { newScanId } from './useScanQueue';

export function HandoverDialog({
  tenantId,
  orderId,
  direction,
  onClose,
  onDone,
}: {
  tenantId: string;
  orderId: string;
  direction: ScanInput['direction'];
  onClose: () => void;
  onDone: (answer: ScanAnswer) => void;
}) {
  const translate = useTranslate();
  const pad = useRef<SignaturePad>(undefined);
  const canvasElement = useRef<HTMLCanvasElement>(undefined);
  const [name, setName] = useState('');
  const [signed, setSigned] = useState(false);
  const id = useRef(newScanId());

  // The pad starts when its canvas is mounted and stops when it goes (React calls this with null):
  // the dialog renders its content a moment after this component (a portal), so an effect here would find no canvas.
  const startPad = useCallback((element: HTMLCanvasElement | null) => {
    pad.current?.off();
    pad.current = undefined;
    if (!element) return;
    pad.current = startSignaturePad(element, SignaturePad, setSigned);
    canvasElement.current = element;
  }, []);

  const clear = () => {
    pad.current?.clear();
    setSigned(false);
  };
  const submit = async () => {
    if (!name.trim()) throw new Error(translate('backlot.handover.nameNeeded'));
    let signature: string | undefined;
    if (pad.current && !pad.current.isEmpty()) {
      // The canvas's own PNG (a data: URL would be fetched, which the console's CSP rightly refuses).
      const canvas = canvasElement.current!;
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (made: Blob | null) => (made ? resolve(made) : reject(new Error(translate('backlot.handover.unreadable')))),
          'image/png',
        ),
      );
      signature = (
        await uploadPhoto(tenantId, new File([blob], `signature-${orderId.slice(0, 8)}.png`, { type: 'image/png' }))
      ).url;
    }
    const answer = await hireApi.handover(tenantId, orderId, {
      id: id.current,
      direction,
      name: name.trim(),
      ...(signature && { signature }),
    });
    if (answer.record.outcome !== 'ok') throw new Error(answer.record.message);
    onDone(answer);
  };

  return (
    <FormDialog
      id="handover-title"
      title={translate(direction === 'out' ? 'backlot.handover.titleOut' : 'backlot.handover.titleIn')}
      submitLabel={translate(signed ? 'backlot.handover.saveSigned' : 'backlot.handover.save')}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        fullWidth
        required
        label={translate('backlot.handover.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 80 } }}
        sx={{ mt: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }} id="signature-label">
        {translate('backlot.handover.sign')}
      </Typography>
      <Box
        component="canvas"
        ref={startPad}
        role="img"
        aria-labelledby="signature-label"
        sx={{
          display: 'block',
          width: '100%',
          height: 180,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: '#fff',
          cursor: 'crosshair',
        }}
      />
      <Button size="small" onClick={clear} disabled={!signed} sx={{ mt: 0.5 }}>
        {translate('backlot.handover.clear')}
      </Button>
    </FormDialog>
  );
}
