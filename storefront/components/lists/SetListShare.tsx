/**
 * Sharing a set list with the team: a read-only link anyone can open without signing in, copied
 * with one click, and stopped (after asking) when it should no longer work.
 */
import { useState } from 'react';
import type { SetListView } from '../../../schema/set-list-views';
import { messages } from '../../i18n/messages';
import { useConfirm } from '../ConfirmDialog';

export function SetListShare({ list, onChange }: { list: SetListView; onChange(shared: boolean): Promise<unknown> }) {
  const confirm = useConfirm();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = list.sharePath && `${window.location.origin}${list.sharePath}`;
  const run = async (shared: boolean) => {
    setBusy(true);
    setCopied(false);
    try {
      await onChange(shared);
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    if (
      (await confirm({
        title: messages.stopSharing,
        message: messages.stopSharingConfirm,
        confirmLabel: messages.stopSharing,
      })) === 'confirmed'
    )
      await run(false);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, or refused): the link is selected to copy by hand.
      (document.getElementById('share-link') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <section className="form-card set-list-share" aria-labelledby="share-heading" aria-busy={busy}>
      <h2 id="share-heading" className="form-heading">
        {messages.shareHeading}
      </h2>
      <p className="field-hint">{messages.shareLead}</p>
      {link ? (
        <>
          <label>
            {messages.sharedLink}
            <input id="share-link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={copy}>
              {messages.copyLink}
            </button>
            <button type="button" className="link-button" onClick={stop} disabled={busy}>
              {messages.stopSharing}
            </button>
            {copied && (
              <span className="form-status" role="status">
                {messages.copied}
              </span>
            )}
          </div>
        </>
      ) : (
        <div className="form-actions">
          <button type="button" className="button button-primary" onClick={() => run(true)} disabled={busy}>
            {messages.shareLink}
          </button>
        </div>
      )}
    </section>
  );
}
