/**
 * The conversation with the house on the quote page: its messages oldest first (50 a page, earlier
 * ones on demand), each as text (markup shows as typed), "Read" under the visitor's last message
 * once the house has read it, and a box to write (Ctrl+Enter sends). Opening the page reads the
 * house's messages (the list's unread count goes).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { liveChange, readByOther, withNewest } from '../../../schema/conversation/threads';
import { whenVisible } from '../../../schema/display/when-visible';
import type { ConversationMessage, ConversationThread } from '../../../schema/types.generated';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { quotesApi, type ConversationView } from '../../lib/quotes-api';
import { attachmentsProblem, attachmentsOf, sizeSaid } from '../../../schema/conversation/attachments';
import { ErrorText } from '../auth/ErrorText';

const words = quoteMessages.conversation;
const MAX_LENGTH = 4000;

export function ConversationPanel({ quoteId }: { quoteId: string }) {
  const { site, vendor } = useConfiguration();
  const headingId = useId();
  const hintId = useId();
  const [view, setView] = useState<ConversationView | null>();
  const [loadError, setLoadError] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileInput, setFileInput] = useState(0);

  useEffect(() => {
    let live = true;
    quotesApi.messages(quoteId).then(
      (page) => live && setView(page),
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [quoteId]);

  // Live: the house's replies appear as they are written, and "Read" once the house has read.
  const known = useRef<number>(undefined);
  const count = view?.thread?.messages;
  useEffect(() => {
    known.current = count;
  }, [count]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource(quotesApi.messageEventsHref(quoteId));
    // Read (and so marked read) only while the page is in view.
    const refresh = (announce: boolean) =>
      void quotesApi.messages(quoteId).then(
        (page) => {
          setView((current) => ({
            ...page,
            messages: withNewest(current?.messages ?? [], page.messages),
            // Earlier pages already loaded stay loaded; the cursor before them stays theirs.
            ...(current && { earlier: current.earlier }),
          }));
          if (announce) setStatus(words.arrived);
        },
        () => undefined,
      );
    events.addEventListener('thread', (event) => {
      const told = JSON.parse((event as MessageEvent<string>).data) as ConversationThread;
      // A read or done: the summary only. Its own message written in another tab: read without "arrived".
      const change = liveChange(told, known.current, 'production');
      if (change === 'summary') return setView((current) => current && { ...current, thread: told });
      whenVisible(() => refresh(change === 'announce'));
    });
    return () => events.close();
  }, [quoteId]);

  const earlier = async () => {
    if (!view?.earlier) return;
    setBusy(true);
    try {
      const page = await quotesApi.messages(quoteId, view.earlier);
      setView({ ...view, messages: [...page.messages, ...view.messages], earlier: page.earlier });
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || busy) return;
    const problem = attachmentsProblem(files);
    if (problem)
      return setError({
        message: problem.tooMany ? words.tooMany : words.tooLarge(problem.megabytes),
      } as IdentityError);
    setBusy(true);
    setError(undefined);
    setStatus(words.sending);
    try {
      const attachments = await attachmentsOf(files);
      const { message, thread } = await quotesApi.writeMessage(quoteId, {
        text,
        ...(attachments.length && { attachments }),
      });
      // The live stream may have brought it already: each message once.
      setView((current) => ({ ...current, messages: withNewest(current?.messages ?? [], [message]), thread }));
      setText('');
      setFiles([]);
      // A new file input: the one that held the files sent is emptied.
      setFileInput((n) => n + 1);
      setStatus(words.sent);
    } catch (failure) {
      setError(toIdentityError(failure));
      setStatus('');
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  const when = new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const messages = view?.messages ?? [];
  const lastOwn = messages.findLast((message) => message.side === 'production');
  const said = (message: ConversationMessage) =>
    message.side === 'production' ? words.you : words.fromHouse(message.author.name, vendor.displayName);

  return (
    <section className="conversation-panel no-print" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.heading(vendor.displayName)}</h2>
      <p className="field-hint">{words.lead(vendor.displayName)}</p>
      {view === undefined && !loadError && <p role="status">{words.loading}</p>}
      {loadError && (
        <p className="field-error" role="alert">
          {words.failed}
        </p>
      )}
      {view?.earlier && (
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void earlier()}>
          {words.earlier}
        </button>
      )}
      {view && !messages.length && <p className="conversation-empty">{words.empty}</p>}
      {messages.length > 0 && (
        <ol className="conversation-messages">
          {messages.map((message) => (
            <li key={message.id} className={`conversation-message conversation-${message.side}`}>
              <p className="conversation-meta">
                <strong>{said(message)}</strong>{' '}
                <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
              </p>
              <p className="conversation-text">{message.text}</p>
              {message.attachments?.length ? (
                <ul className="conversation-files">
                  {message.attachments.map((file, n) => (
                    <li key={file.file}>
                      <a href={quotesApi.attachmentHref(quoteId, message.id, n)} download={file.fileName}>
                        {words.attachment(file.fileName, sizeSaid(file.size))}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              {message === lastOwn && readByOther(view?.thread, message) && (
                <p className="conversation-read">{words.read}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {view !== undefined && !loadError && (
        <form className="conversation-form" onSubmit={(event) => void send(event)}>
          <label htmlFor={`${headingId}-text`}>{words.label(vendor.displayName)}</label>
          <textarea
            id={`${headingId}-text`}
            value={text}
            rows={3}
            maxLength={MAX_LENGTH}
            aria-describedby={hintId}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <p id={hintId} className="field-hint">
            {words.hint}
          </p>
          <label htmlFor={`${headingId}-files`} className="conversation-attach">
            {words.attach}
          </label>
          <input
            key={fileInput}
            id={`${headingId}-files`}
            type="file"
            multiple
            accept="application/pdf,image/png,image/jpeg"
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <div className="conversation-actions">
            <button type="submit" className="button button-primary" disabled={busy || !text.trim()}>
              {busy ? words.sending : words.send}
            </button>
            <span className="form-status" role="status">
              {status}
            </span>
          </div>
          {error && <ErrorText id={`${headingId}-error`} error={error} />}
        </form>
      )}
    </section>
  );
}
