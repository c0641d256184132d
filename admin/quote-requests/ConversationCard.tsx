/**
 * The conversation with the production on a request's page: its messages oldest first (50 a page,
 * earlier ones on demand), each as text, "Read" under the house's last message once the production
 * has read it, Done / Open again, and a box to write (Ctrl+Enter sends; mailed to the production).
 * Opening the page reads the production's messages (the menu's unread count goes).
 */
import { listenToConversations } from './conversation-events';
import { liveChange, withNewest } from '../../schema/conversation/threads';
import { whenVisible } from '../../schema/display/when-visible';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { attachmentsOf, attachmentsProblem, sizeSaid } from '../../schema/conversation/attachments';
import { readByOther } from '../../schema/conversation/threads';
import { FactCard } from '../components/FactCard';
import { quoteApi, type ConversationPage } from './quote-api';
import { tellConversationsRead } from './unread-conversations';

const MAX_LENGTH = 4000;

/** What a failed call said: its body's message, or the field problems. */
function failureOf(error: unknown): string {
  const failure = error as { message: string; body?: { message?: string; errors?: Record<string, string> } };
  const fields = Object.values(failure.body?.errors ?? {});
  return fields.length ? fields.join(' ') : (failure.body?.message ?? failure.message);
}

export function ConversationCard({ tenantId, quoteId, email }: { tenantId: string; quoteId: string; email: string }) {
  const translate = useTranslate();
  const [view, setView] = useState<ConversationPage>();
  const [loadError, setLoadError] = useState<string>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  // A new file input after a send: the one that held the files sent is emptied.
  const [fileInput, setFileInput] = useState(0);

  useEffect(() => {
    let live = true;
    quoteApi.messages(tenantId, quoteId).then(
      (page) => {
        if (!live) return;
        setView(page);
        // Read now: the menu's count goes at once.
        tellConversationsRead();
      },
      (failure: unknown) => live && setLoadError(failureOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [tenantId, quoteId]);

  // Live: the production's messages appear as they are written, and "Read" once it has read.
  const known = useRef<number>(undefined);
  const count = view?.thread?.messages;
  useEffect(() => {
    known.current = count;
  }, [count]);
  useEffect(() => {
    // Read (and so marked read) only while the page is in view.
    const refresh = (announce: boolean) =>
      void quoteApi.messages(tenantId, quoteId).then(
        (page) => {
          setView((current) => ({
            ...page,
            messages: withNewest(current?.messages ?? [], page.messages),
            ...(current && { earlier: current.earlier }),
          }));
          if (announce) setStatus(translate('backlot.conversation.arrived'));
          tellConversationsRead();
        },
        () => undefined,
      );
    return listenToConversations(tenantId, (told) => {
      if (told.quoteId !== quoteId) return;
      // A read or done: the summary only. The house's own message (a colleague's, or this page's): read without "arrived".
      const change = liveChange(told, known.current, 'house');
      if (change === 'summary') return setView((current) => current && { ...current, thread: told });
      whenVisible(() => refresh(change === 'announce'));
    });
  }, [tenantId, quoteId, translate]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(failureOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const earlier = () =>
    run(async () => {
      if (!view?.earlier) return;
      const page = await quoteApi.messages(tenantId, quoteId, view.earlier);
      setView({ ...view, messages: [...page.messages, ...view.messages], earlier: page.earlier });
    });
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || busy) return;
    const problem = attachmentsProblem(files);
    if (problem)
      return setError(
        problem.tooMany
          ? translate('backlot.conversation.tooMany')
          : translate('backlot.conversation.tooLarge', { megabytes: problem.megabytes }),
      );
    void run(async () => {
      const attachments = await attachmentsOf(files);
      const { message, thread } = await quoteApi.writeMessage(tenantId, quoteId, {
        text,
        ...(attachments.length && { attachments }),
      });
      // The live stream may have brought it already: each message once.
      setView((current) => ({ ...current, messages: withNewest(current?.messages ?? [], [message]), thread }));
      setText('');
      setFiles([]);
      setFileInput((n) => n + 1);
      setStatus(translate('backlot.conversation.sent', { email }));
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
  };
  const markDone = (done: boolean) =>
    run(async () => {
      const thread = await quoteApi.markDone(tenantId, quoteId, done);
      setView((current) => current && { ...current, thread });
      tellConversationsRead();
    });

  const messages = view?.messages ?? [];
  const thread = view?.thread;
  // A long conversation scrolls in its own box, the newest in view, so the pricing stays near.
  const list = useRef<HTMLOListElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  const lastOwn = messages.findLast((message) => message.side === 'house');
  return (
    <FactCard
      heading={translate('backlot.conversation.heading')}
      chips={
        thread?.doneAt ? <Chip size="small" color="success" label={translate('backlot.conversation.done')} /> : null
      }
    >
      {loadError && <Alert severity="error">{translate('backlot.conversation.failed', { reason: loadError })}</Alert>}
      {!view && !loadError && <Typography color="text.secondary">…</Typography>}
      {view?.earlier && (
        <Box>
          <Button size="small" disabled={busy} onClick={() => void earlier()}>
            {translate('backlot.conversation.earlier')}
          </Button>
        </Box>
      )}
      {view && !messages.length && (
        <Typography variant="body2" color="text.secondary">
          {translate('backlot.conversation.empty')}
        </Typography>
      )}
      {messages.length > 0 && (
        <Stack
          component="ol"
          ref={list}
          spacing={1}
          tabIndex={0}
          aria-label={translate('backlot.conversation.heading')}
          sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 420, overflowY: 'auto' }}
        >
          {messages.map((message) => (
            <Box
              component="li"
              key={message.id}
              sx={{
                maxWidth: '85%',
                alignSelf: message.side === 'house' ? 'flex-end' : 'flex-start',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: message.side === 'house' ? 'action.hover' : 'background.paper',
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                <strong>{message.author.name}</strong> ·{' '}
                <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Typography>
              {message.attachments?.map((file, n) => (
                <Typography key={file.file} variant="body2" component="p">
                  <a href={quoteApi.attachmentHref(tenantId, quoteId, message.id, n)} download={file.fileName}>
                    {translate('backlot.conversation.attachment', {
                      name: file.fileName,
                      size: sizeSaid(file.size),
                    })}
                  </a>
                </Typography>
              ))}
              {message === lastOwn && readByOther(thread, message) && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right' }}>
                  {translate('backlot.conversation.read')}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {view && (
        <Box component="form" onSubmit={send} sx={{ display: 'grid', gap: 1 }}>
          <TextField
            label={translate('backlot.conversation.label')}
            helperText={translate('backlot.conversation.hint')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="text" size="small">
              {translate('backlot.conversation.attach')}
              <input
                key={fileInput}
                hidden
                type="file"
                multiple
                accept="application/pdf,image/png,image/jpeg"
                onChange={(event) => setFiles([...(event.target.files ?? [])])}
              />
            </Button>
            <Typography variant="caption" color="text.secondary">
              {files.length
                ? translate('backlot.conversation.chosen', { names: files.map((file) => file.name).join(', ') })
                : translate('backlot.conversation.attachHint')}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy || !text.trim()}>
              {translate('backlot.conversation.send')}
            </Button>
            {thread && (
              <Button variant="outlined" disabled={busy} onClick={() => void markDone(!thread.doneAt)}>
                {translate(thread.doneAt ? 'backlot.conversation.reopen' : 'backlot.conversation.markDone')}
              </Button>
            )}
            <Typography variant="body2" role="status">
              {status}
            </Typography>
          </Stack>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Typography variant="body2">
            <a href={quoteApi.recordHref(tenantId, quoteId)} download>
              {translate('backlot.conversation.record')}
            </a>
          </Typography>
        </Box>
      )}
    </FactCard>
  );
}
