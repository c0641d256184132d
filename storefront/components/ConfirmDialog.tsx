/**
 * The confirm dialog (spec §4): one at a time through the ConfirmQueue (a second request waits
 * its turn), a native modal <dialog> (the page behind is inert, focus stays inside), labelled by
 * its title and described by its message; Escape cancels, Enter confirms; the default title and
 * button come from `site.confirmDialog`. Components ask with `useConfirm()`.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';
import { ConfirmQueue, type ConfirmOutcome, type ConfirmRequest, type OpenConfirm } from '../lib/confirm';

const ConfirmContext = createContext<ConfirmQueue | null>(null);

export function useConfirm(): (request?: ConfirmRequest) => Promise<ConfirmOutcome> {
  const queue = useContext(ConfirmContext);
  if (!queue) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return (request) => queue.confirm(request);
}

/** Asks with a line of text (`request.reason`): resolves with the outcome and what was typed. */
export function useAskReason(): (
  request: ConfirmRequest & Required<Pick<ConfirmRequest, 'reason'>>,
) => Promise<{ outcome: ConfirmOutcome; reason?: string }> {
  const queue = useContext(ConfirmContext);
  if (!queue) throw new Error('useAskReason() needs a <ConfirmProvider> above it');
  return (request) => queue.ask(request);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { site } = useConfiguration();
  const queue = useMemo(
    () => new ConfirmQueue({ title: site.confirmDialog!.title!, confirmLabel: site.confirmDialog!.confirmLabel! }),
    [site],
  );
  const [current, setCurrent] = useState<OpenConfirm | undefined>(undefined);
  useEffect(() => queue.subscribe(setCurrent), [queue]);
  return (
    <ConfirmContext.Provider value={queue}>
      {children}
      {current && (
        <ConfirmDialog
          key={JSON.stringify(current)}
          request={current}
          answer={(outcome, reason) => queue.answer(outcome, reason)}
        />
      )}
    </ConfirmContext.Provider>
  );
}

function ConfirmDialog({
  request,
  answer: answerWith,
}: {
  request: OpenConfirm;
  answer: (outcome: ConfirmOutcome, reason?: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  const reasonInput = useRef<HTMLInputElement>(null);
  const answer = (outcome: ConfirmOutcome) => answerWith(outcome, reason);
  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    (reasonInput.current ?? confirmButton.current)?.focus();
    return () => element.close();
  }, [request]);
  return (
    <dialog
      ref={dialog}
      className="dialog dialog-confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby={request.message ? 'confirm-message' : undefined}
      onCancel={(event) => {
        // Escape: answered here, so the queue (not the browser) decides what shows next.
        event.preventDefault();
        answer('canceled');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          answer('confirmed');
        }
      }}
    >
      <h2 id="confirm-title">{request.title}</h2>
      {request.message && <p id="confirm-message">{request.message}</p>}
      {request.reason && (
        <label className="dialog-reason">
          {request.reason.label}
          <input
            ref={reasonInput}
            type="text"
            maxLength={request.reason.maxLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => answer('canceled')}>
          {messages.cancel}
        </button>
        {request.altLabel && (
          <button type="button" className="button button-secondary" onClick={() => answer('alt')}>
            {request.altLabel}
          </button>
        )}
        <button ref={confirmButton} type="button" className="button button-primary" onClick={() => answer('confirmed')}>
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
