/**
 * A modal (spec §4) on a native <dialog>: labelled by its title, the page behind inert, Escape or
 * the close button ask to close. It tracks `isDirty` (any input inside changed) through
 * ModalState, so closing with unsaved changes asks first (the confirm dialog) instead of
 * discarding them; focus returns to what opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { messages } from '../i18n/messages';
import { ModalState } from '../lib/modal';
import { useConfirm } from './ConfirmDialog';

export interface ModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Set to false once the content is saved, so closing no longer asks. */
  dirty?: boolean;
}

export function Modal({ title, open, onClose, children, dirty }: ModalProps) {
  const confirm = useConfirm();
  const dialog = useRef<HTMLDialogElement>(null);
  const state = useRef<ModalState | null>(null);
  state.current ??= new ModalState({ confirm });
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current!;
    if (open && !element.open) {
      const opener = document.activeElement as HTMLElement | null;
      state.current!.show();
      element.showModal();
      return () => {
        element.close();
        opener?.focus();
      };
    }
  }, [open]);
  useEffect(() => {
    if (dirty !== undefined) state.current!.markDirty(dirty);
  }, [dirty]);

  const requestClose = async () => {
    if (await state.current!.requestClose()) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        void requestClose();
      }}
      onInput={() => state.current!.markDirty()}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog-close" aria-label={messages.close} onClick={() => void requestClose()}>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
