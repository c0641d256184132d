/**
 * Scanning labels with the phone's camera (the back one where there are two): the picture shown,
 * read a few times a second (barcode-reader.ts), and each code read handed to the same scan as a
 * typed or USB-scanned one. A label held in view is one scan, not one a frame: it counts again
 * only once it has been out of view for a moment, or another was read. Camera refused, absent, or stopped: said in words, and the
 * scan field still works.
 */
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { labelReader } from './barcode-reader';

/** How often a frame is read. */
const READ_EVERY_MS = 250;
/** How long a label must be out of view before it counts again. */
const SAME_CODE_MS = 2500;

export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  const [ready, setReady] = useState(false);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw Object.assign(new Error('no camera API'), { name: 'NotFoundError' });
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return;
        const element = video.current!;
        element.srcObject = stream;
        await element.play();
        const reader = await labelReader();
        if (stopped) return;
        setReady(true);
        const tick = async () => {
          if (stopped) return;
          try {
            if (element.readyState >= 2) {
              const now = Date.now();
              for (const code of await reader.read(element)) {
                // Still the label just read (seen again within the moment): one scan, however long it is held there.
                if (code === last.code && now - last.at < SAME_CODE_MS) {
                  last.at = now;
                  continue;
                }
                last = { code, at: now };
                handler.current(code);
              }
            }
          } catch {
            // A frame that cannot be read is skipped; the next one is tried.
          }
          timer = setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch (failure) {
        const name = (failure as Error).name;
        setProblem(
          translate(
            name === 'NotAllowedError'
              ? 'backlot.camera.refused'
              : name === 'NotFoundError' || name === 'OverconstrainedError'
                ? 'backlot.camera.none'
                : 'backlot.camera.failed',
          ),
        );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [translate]);

  if (problem) return <Alert severity="warning">{problem}</Alert>;
  return (
    <Box sx={{ position: 'relative', maxWidth: 480, mx: 'auto' }}>
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label={translate('backlot.camera.view')}
        sx={{
          width: '100%',
          borderRadius: 1,
          bgcolor: 'grey.900',
          display: 'block',
          aspectRatio: '4 / 3',
          objectFit: 'cover',
        }}
      />
      <Typography variant="caption" color="text.secondary" role="status">
        {translate(ready ? 'backlot.camera.reading' : 'backlot.camera.starting')}
      </Typography>
    </Box>
  );
}
