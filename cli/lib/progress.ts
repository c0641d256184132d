/** A progress bar on stderr for long runs on a terminal; nothing at all otherwise (no escape codes in logs). */
import cliProgress from 'cli-progress';
import type { CliContext } from '../context';

/** Its functions are passed around on their own (`.finally(progress.stop)`): properties, not methods. */
export interface Progress {
  tick: () => void;
  stop: () => void;
}

const silent: Progress = { tick: () => {}, stop: () => {} };

/** Shown only when there are more than `threshold` steps and stderr is a terminal. */
export function startProgress(context: CliContext, total: number, label: string, threshold = 50): Progress {
  const stream = context.stderr.stream;
  if (total <= threshold || !context.stderr.isTTY || !stream) return silent;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {value}/{total} {percentage}%`,
      hideCursor: true,
      clearOnComplete: true,
      fps: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    tick: () => bar.increment(),
    stop: () => bar.stop(),
  };
}
