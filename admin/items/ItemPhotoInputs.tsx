/**
 * One photo of an item in its form: a thumbnail of what the address shows, the address itself
 * (typed, or filled by uploading a file through the tenant image rules: photoUpload.ts), the
 * required alternative text, and the pixel size (filled from the upload). The upload is a button
 * and a hidden file input, so it is reached and used by keyboard; a file may also be dropped on
 * the thumbnail. A refused file says why beside the row, an uploaded one says so there too (read
 * out as a status); after an upload, the alt text has focus when it is still empty.
 */
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useFileDrop } from '../assets/useFileDrop';
import { NumberInput, required, TextInput, useSourceContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAX_ASSET_BYTES } from '../../schema/assets';
import { PHOTO_ACCEPTED, photoRefusal, PhotoUploadError, uploadPhoto } from './photoUpload';

const THUMB = { width: 120, height: 90 } as const;

/** Addresses the form can show: a site path or an http(s) URL (the schema's assetUrl says which are valid). */
const showable = (url: unknown): url is string =>
  typeof url === 'string' && /^(?:https?:\/\/\S+|\/[^/\s\\]\S*)$/.test(url);

function Thumbnail({ url, alt, dragging }: { url: unknown; alt: unknown; dragging: boolean }) {
  const translate = useTranslate();
  const [failed, setFailed] = useState<string>();
  const broken = showable(url) && failed === url;
  return (
    <Box
      sx={{
        ...THUMB,
        flex: 'none',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        borderRadius: 1,
        border: '2px dashed',
        borderColor: dragging ? 'primary.main' : showable(url) && !broken ? 'transparent' : 'grey.400',
        bgcolor: dragging ? 'action.hover' : 'grey.100',
      }}
    >
      {showable(url) && !broken ? (
        <img
          src={url}
          alt={typeof alt === 'string' ? alt : ''}
          onError={() => setFailed(url)}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textAlign: 'center', px: 1, display: 'grid', placeItems: 'center' }}
        >
          <AddPhotoAlternateOutlinedIcon fontSize="small" aria-hidden />
          {translate(broken ? 'backlot.items.photoBroken' : 'backlot.items.photoNone')}
        </Typography>
      )}
    </Box>
  );
}

export function ItemPhotoInputs({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { getSource } = useSourceContext();
  const { setValue, getValues } = useFormContext();
  const [url, alt] = useWatch({ name: [getSource('url'), getSource('alt')] }) as [unknown, unknown];
  const input = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  const altId = useId();
  const [uploading, setUploading] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [uploaded, setUploaded] = useState<string>();

  const send = async (file: File) => {
    setRefusal(undefined);
    setUploaded(undefined);
    const refused = photoRefusal(file);
    if (refused) return setRefusal(refused);
    setUploading(file.name);
    try {
      const photo = await uploadPhoto(tenantId, file);
      const change = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
      setValue(getSource('url'), photo.url, change);
      if (photo.width && photo.height) {
        setValue(getSource('width'), photo.width, change);
        setValue(getSource('height'), photo.height, change);
      }
      setUploaded(file.name);
      // What the photo shows is still to be said: take the person there.
      if (!String(getValues(getSource('alt')) ?? '').trim()) document.getElementById(altId)?.focus();
    } catch (error) {
      setRefusal(error instanceof PhotoUploadError ? error.message : translate('backlot.items.photoFailed'));
    } finally {
      setUploading(undefined);
    }
  };
  const { dragging, dropProps } = useFileDrop((file) => void send(file));

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', width: '100%', py: 1 }}>
      <Box {...dropProps}>
        <Thumbnail url={url} alt={alt} dragging={dragging} />
      </Box>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'flex-start' }}>
          <TextInput
            source="url"
            label={translate('backlot.items.photoUrl')}
            validate={required()}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            helperText={false}
          />
          <Box sx={{ pt: { xs: 0, sm: 1 }, pb: 1 }}>
            <Button
              variant="outlined"
              startIcon={<CloudUploadOutlinedIcon />}
              onClick={() => input.current?.click()}
              disabled={uploading !== undefined}
              aria-describedby={limitsId}
            >
              {translate('backlot.items.photoUpload')}
            </Button>
            <input
              ref={input}
              type="file"
              accept={PHOTO_ACCEPTED}
              hidden
              aria-label={translate('backlot.items.photoUpload')}
              onChange={(event) => (
                event.target.files?.[0] && void send(event.target.files[0]),
                (event.target.value = '')
              )}
            />
          </Box>
        </Box>
        <Typography id={limitsId} variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5, mb: 1 }}>
          {translate('backlot.items.photoLimits', { mb: MAX_ASSET_BYTES / 1024 / 1024 })}
        </Typography>
        {uploading && (
          <LinearProgress sx={{ mb: 1 }} aria-label={translate('backlot.items.photoUploading', { name: uploading })} />
        )}
        {/* Said beside the row (and read out), not in a snackbar that would cover the inputs below. */}
        <Typography role="status" variant="body2" color="success.dark" sx={{ mb: uploaded ? 1 : 0 }}>
          {uploaded && translate('backlot.items.photoUploaded', { name: uploaded })}
        </Typography>
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(undefined)} sx={{ mb: 1 }}>
            {refusal}
          </Alert>
        )}
        <TextInput
          id={altId}
          source="alt"
          label={translate('backlot.items.photoAlt')}
          validate={required()}
          helperText={translate('backlot.items.photoAltHelp')}
        />
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <NumberInput
            source="width"
            label={translate('backlot.items.photoWidth')}
            validate={required()}
            min={1}
            max={8192}
            sx={{ flex: '1 1 0', minWidth: 0, maxWidth: 160 }}
            helperText={false}
          />
          <NumberInput
            source="height"
            label={translate('backlot.items.photoHeight')}
            validate={required()}
            min={1}
            max={8192}
            sx={{ flex: '1 1 0', minWidth: 0, maxWidth: 160 }}
            helperText={false}
          />
        </Box>
      </Box>
    </Box>
  );
}
