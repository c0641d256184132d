/**
 * The confirm dialog's model (spec §4, §5, §9): outcomes confirmed, canceled or alt; only one is
 * open at a time, and a second request WAITS its turn (it is not refused: a visitor who
 * triggers two confirmations answers both, in order); Escape cancels and Enter confirms; the
 * default title and button come from `site.confirmDialog`.
 */
export type ConfirmOutcome = 'confirmed' | 'canceled' | 'alt';

export interface ConfirmRequest {
  title?: string;
  message?: string;
  confirmLabel?: string;
  /** A third choice ("Save as draft" …); answered as 'alt'. */
  altLabel?: string;
  /** A line of text to ask for with the choice (why a quote is declined), answered with it. */
  reason?: { label: string; maxLength: number };
}

export interface OpenConfirm extends Required<Pick<ConfirmRequest, 'title' | 'confirmLabel'>> {
  message?: string;
  altLabel?: string;
  reason?: { label: string; maxLength: number };
}

export class ConfirmQueue {
  private readonly waiting: Array<{
    request: OpenConfirm;
    resolve: (answer: { outcome: ConfirmOutcome; reason?: string }) => void;
  }> = [];
  private listener: ((open: OpenConfirm | undefined) => void) | undefined;

  constructor(private readonly defaults: { title: string; confirmLabel: string }) {}

  /** The dialog on screen, if any. */
  get current(): OpenConfirm | undefined {
    return this.waiting[0]?.request;
  }

  /** Called with the dialog to show (or undefined) whenever it changes. */
  subscribe(listener: (open: OpenConfirm | undefined) => void): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }

  /** Asks; resolves when this request is answered, after any opened before it. */
  async confirm(request: ConfirmRequest = {}): Promise<ConfirmOutcome> {
    return (await this.ask(request)).outcome;
  }

  /** Asks, with the text typed when the request asks for a reason. */
  ask(request: ConfirmRequest = {}): Promise<{ outcome: ConfirmOutcome; reason?: string }> {
    const open: OpenConfirm = {
      ...request,
      title: request.title ?? this.defaults.title,
      confirmLabel: request.confirmLabel ?? this.defaults.confirmLabel,
    };
    return new Promise((resolve) => {
      this.waiting.push({ request: open, resolve });
      if (this.waiting.length === 1) this.listener?.(open);
    });
  }

  /** Answers the dialog on screen (with the reason typed, if it asked for one) and shows the next one. */
  answer(outcome: ConfirmOutcome, reason?: string): void {
    const head = this.waiting[0];
    if (!head) return;
    if (outcome === 'alt' && head.request.altLabel === undefined)
      throw new Error('this confirmation has no alternative choice');
    this.waiting.shift();
    head.resolve({ outcome, ...(outcome === 'confirmed' && reason?.trim() && { reason: reason.trim() }) });
    this.listener?.(this.current);
  }

  /** Keyboard: Escape cancels and Enter confirms; other keys are not the dialog's. Returns whether it handled the key. */
  key(key: string): boolean {
    if (!this.current) return false;
    if (key === 'Escape') this.answer('canceled');
    else if (key === 'Enter') this.answer('confirmed');
    else return false;
    return true;
  }
}
