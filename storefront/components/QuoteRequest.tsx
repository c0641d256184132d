/**
 * "Request a quote": a form in a modal that writes the request as an email to the vendor (their
 * mail client opens with it filled in). Without JavaScript the button is a plain mailto: link.
 * Closing the modal with something typed asks before discarding it.
 */
import { useState, type FormEvent } from 'react';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { Modal } from './Modal';
import { formText } from '../lib/form-text';

function mailto(email: string, subject: string, body = ''): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}${body ? `&body=${encodeURIComponent(body)}` : ''}`;
}

export function QuoteRequest() {
  const { site, vendor } = useConfiguration();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!vendor.email) return null;
  const title = messages.requestA(site.request!);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => formText(form, name).trim();
    const lines = [
      `${messages.name}: ${field('name')}`,
      `${messages.email}: ${field('email')}`,
      `${messages.production}: ${field('production')}`,
      `${messages.dates}: ${field('start')} – ${field('end')}`,
      '',
      field('details'),
    ];
    setSent(true);
    window.location.href = mailto(vendor.email, `${title}: ${field('production') || field('name')}`, lines.join('\n'));
    setOpen(false);
  };

  return (
    <>
      <a
        className="button button-primary"
        href={mailto(vendor.email, title)}
        onClick={(event) => {
          event.preventDefault();
          setSent(false);
          setOpen(true);
        }}
      >
        {title}
      </a>
      <Modal title={title} open={open} onClose={() => setOpen(false)} dirty={sent ? false : undefined}>
        <form className="dialog-form" onSubmit={submit}>
          <label>
            {messages.name}
            <input name="name" autoComplete="name" required />
          </label>
          <label>
            {messages.email}
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <label>
            {messages.production}
            <input name="production" />
          </label>
          <div className="form-row">
            <label>
              {messages.startDate}
              <input name="start" type="date" />
            </label>
            <label>
              {messages.endDate}
              <input name="end" type="date" />
            </label>
          </div>
          <label>
            {messages.details}
            <textarea name="details" rows={4} />
          </label>
          <p className="form-note">{messages.quoteByEmail(vendor.email)}</p>
          <div className="dialog-actions">
            <button type="submit" className="button button-primary">
              {messages.writeEmail}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
