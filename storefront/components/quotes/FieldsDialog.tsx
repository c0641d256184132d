/**
 * A confirmation that asks for some text as well (accepting a quote: the purchase order, who the
 * invoices are made out to, who pays): the confirm dialog's look and keys (a native modal
 * <dialog>, Escape cancels, Enter confirms except in a text area), with its fields. Kept in the
 * quote page's own code rather than the confirm dialog every page loads.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { frameMessages } from '../../i18n/frame-messages';

export interface DialogField {
  name: string;
  label: string;
  maxLength: number;
  /** More than 1: a text area of that many lines. */
  lines?: number;
  hint?: string;
  /** Confirming waits until it is filled in (an account that orders with a purchase order). */
  required?: boolean;
}

export interface FieldsRequest {
  title: string;
  message?: string;
  /** Shown between the message and the fields (the rental terms to sign). */
  details?: ReactNode;
  /** Shown after the fields (the pad a signature is drawn on). */
  afterFields?: ReactNode;
  confirmLabel: string;
  fields: DialogField[];
}

/** What was chosen, and the fields typed (trimmed; empty ones left out). */
export interface FieldsAnswer {
  confirmed: boolean;
  values: Record<string, string>;
}

/** The dialog to render, and the function that opens it and resolves with the answer. */
export function useFieldsDialog(): [ReactNode, (request: FieldsRequest) => Promise<FieldsAnswer>] {
  const [open, setOpen] = useState<{ request: FieldsRequest; resolve: (answer: FieldsAnswer) => void }>();
  const ask = (request: FieldsRequest) => new Promise<FieldsAnswer>((resolve) => setOpen({ request, resolve }));
  const dialog = open && (
    <FieldsDialog
      request={open.request}
      answer={(answer) => {
        setOpen(undefined);
        open.resolve(answer);
      }}
    />
  );
  return [dialog, ask];
}

function FieldsDialog({ request, answer }: { request: FieldsRequest; answer: (answer: FieldsAnswer) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const missing = request.fields.some((field) => field.required && !values[field.name]?.trim());
  const finish = (confirmed: boolean) =>
    confirmed && missing
      ? undefined
      : answer({
          confirmed,
          values: Object.fromEntries(
            Object.entries(values).flatMap(([name, value]) => (value.trim() ? [[name, value.trim()]] : [])),
          ),
        });
  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    first.current?.focus();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dialog dialog-confirm"
      role="alertdialog"
      aria-labelledby="fields-title"
      aria-describedby={request.message ? 'fields-message' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        finish(false);
      }}
      onKeyDown={(event) => {
        // Enter confirms, except on a button (it presses it) and in a text area (a new line).
        if (
          event.key === 'Enter' &&
          !(event.target instanceof HTMLButtonElement) &&
          !(event.target instanceof HTMLTextAreaElement)
        ) {
          event.preventDefault();
          finish(true);
        }
      }}
    >
      <h2 id="fields-title">{request.title}</h2>
      {request.message && <p id="fields-message">{request.message}</p>}
      {request.details}
      {request.fields.map((field, index) => {
        const Field = field.lines && field.lines > 1 ? 'textarea' : 'input';
        return (
          <label key={field.name} className="dialog-reason">
            {field.label}
            <Field
              ref={index === 0 ? first : undefined}
              {...(Field === 'textarea' ? { rows: field.lines } : { type: 'text' })}
              maxLength={field.maxLength}
              required={field.required}
              value={values[field.name] ?? ''}
              aria-describedby={field.hint ? `fields-hint-${index}` : undefined}
              onChange={(event) => setValues((typed) => ({ ...typed, [field.name]: event.target.value }))}
            />
            {field.hint && (
              <span id={`fields-hint-${index}`} className="field-hint dialog-field-hint">
                {field.hint}
              </span>
            )}
          </label>
        );
      })}
      {request.afterFields}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => finish(false)}>
          {frameMessages.cancel}
        </button>
        <button type="button" className="button button-primary" disabled={missing} onClick={() => finish(true)}>
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
