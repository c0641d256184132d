/** What a page shows when it has nothing yet: a short line and somewhere useful to go. */
import type { ReactNode } from 'react';

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
        <rect x="6" y="10" width="36" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 30l10-9 8 7 6-5 12 10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="33" cy="19" r="3" fill="currentColor" />
      </svg>
      <p>{message}</p>
      {children && <div className="empty-actions">{children}</div>}
    </div>
  );
}
