/**
 * Runs `work` now when the page is in view, else once it comes into view (a conversation read in a
 * background tab would be marked read by nobody's eyes). Calls made while hidden run once.
 */
const waiting = new WeakMap<() => void, () => void>();

export function whenVisible(work: () => void): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return work();
  if (waiting.has(work)) return;
  const shown = () => {
    if (document.visibilityState === 'hidden') return;
    document.removeEventListener('visibilitychange', shown);
    waiting.delete(work);
    work();
  };
  waiting.set(work, shown);
  document.addEventListener('visibilitychange', shown);
}
