/**
 * A video for Chromium's fake camera (--use-file-for-fake-video-capture): a printed label's QR code
 * held still in front of the lens, as YUV4MPEG2 frames (a white page, black modules, 4:2:0 colour
 * planes left grey). Made from the same `qrcode` matrix the console's labels print.
 */
import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

/** Writes `file` (.y4m) showing `text` as a QR code; returns the Chromium flags that use it. */
export async function fakeCameraShowing(file: string, text: string): Promise<string[]> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 8));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column))
        for (let y = 0; y < scale; y += 1)
          luma.fill(
            16,
            (top + row * scale + y) * WIDTH + left + column * scale,
            (top + row * scale + y) * WIDTH + left + (column + 1) * scale,
          );
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: FRAMES }, () => frame),
    ]),
  );
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
