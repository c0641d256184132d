/**
 * How a scan sounds and looks: one short high tone for a good scan, two low ones for anything
 * else, and a colour per outcome. The tones come from the Web Audio API (no sound files to
 * load); a browser that blocks audio stays silent, and the colour and words still say it.
 */
import type { ScanRecord } from '../../schema/types.generated';

let context: AudioContext | undefined;

function tone(frequency: number, startAt: number, seconds: number) {
  context ??= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.value = 0.15;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(context.currentTime + startAt);
  oscillator.stop(context.currentTime + startAt + seconds);
}

export function soundFor(outcome: ScanRecord['outcome']) {
  try {
    if (outcome === 'ok') tone(1320, 0, 0.12);
    else {
      tone(220, 0, 0.15);
      tone(220, 0.22, 0.15);
    }
  } catch {
    // No audio here: the screen says it.
  }
}

/** The alert's colour: green done, amber already done (harmless), red anything that needs a look. */
export const severityOf = (outcome: ScanRecord['outcome']): 'success' | 'warning' | 'error' =>
  outcome === 'ok' ? 'success' : outcome === 'repeat' || outcome === 'alreadyOut' ? 'warning' : 'error';
