/**
 * A hand-over on the warehouse floor: the name of whoever takes the items (or brings them back)
 * and their signature, drawn with a finger on the phone (signature_pad). The signature is uploaded
 * as an image through the item photo rules, then the hand-over is recorded with its address; the
 * device's id makes a retry after a dropped connection count once.
 */
import { Box, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ScanInput } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { isDrawn, SignaturePadField, type Drawing } from '../components/SignaturePadField';
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
  const drawing = useRef<Drawing>({});
  const [name, setName] = useState('');
  const [signed, setSigned] = useState(false);
  const id = useRef(newScanId());

  const submit = async () => {
    if (!name.trim()) throw new Error(translate('backlot.handover.nameNeeded'));
    let signature: string | undefined;
    if (isDrawn(drawing.current)) {
      // The canvas's own PNG (a data: URL would be fetched, which the console's CSP rightly refuses).
      const canvas = drawing.current.canvas!;
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
      <Box sx={{ mt: 2 }}>
        <SignaturePadField
          id="signature-label"
          label={translate('backlot.handover.sign')}
          clearLabel={translate('backlot.handover.clear')}
          drawingRef={drawing}
          onDrawn={setSigned}
        />
      </Box>
    </FormDialog>
  );
}
