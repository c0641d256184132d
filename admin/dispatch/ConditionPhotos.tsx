/**
 * Photos of a unit's condition at check-in, from the phone's camera or files: each checked by the
 * item photo rules before sending (admin/items/photoUpload.ts), uploaded as an item photo through
 * the asset store, and its address sent with the scan. An upload in progress holds the scan back,
 * so a photo is never left behind.
 */
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, IconButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PHOTO_ACCEPTED, photoRefusal, uploadPhoto } from '../items/photoUpload';

/** At most this many photos per scan (the schema's conditionPhotos). */
const MAX_PHOTOS = 6;

export function ConditionPhotos({
  tenantId,
  photos,
  onChange,
  onBusy,
}: {
  tenantId: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  onBusy: (busy: boolean) => void;
}) {
  const translate = useTranslate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(undefined);
    const chosen = [...files].slice(0, MAX_PHOTOS - photos.length);
    const refused = chosen.map(photoRefusal).find(Boolean);
    if (refused) return setError(refused);
    setBusy(true);
    onBusy(true);
    try {
      const added: string[] = [];
      for (const file of chosen) added.push((await uploadPhoto(tenantId, file)).url);
      onChange([...photos, ...added]);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {photos.map((url, index) => (
          <Box key={url} sx={{ position: 'relative' }}>
            <Box
              component="img"
              src={url}
              alt={translate('backlot.scan.photo', { number: index + 1 })}
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
            <IconButton
              size="small"
              aria-label={translate('backlot.scan.removePhoto', { number: index + 1 })}
              onClick={() => onChange(photos.filter((entry) => entry !== url))}
              sx={{
                position: 'absolute',
                top: -10,
                right: -10,
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {photos.length < MAX_PHOTOS && (
          <Button component="label" variant="outlined" startIcon={<AddAPhotoIcon />} disabled={busy}>
            {translate(busy ? 'backlot.scan.uploading' : 'backlot.scan.addPhotos')}
            {/* capture: a phone opens its camera; a desktop picks files. */}
            <input
              hidden
              type="file"
              accept={PHOTO_ACCEPTED}
              capture="environment"
              multiple
              onChange={(event) => void add(event.target.files).then(() => (event.target.value = ''))}
            />
          </Button>
        )}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
