/** Every page's frame: a staff view's banner, header, a signed-in visitor's approval notice, the page in <main id="main"> (the skip link's target), footer. */
import type { ReactNode } from 'react';
import { frameMessages as messages } from '../i18n/frame-messages';
import { ApprovalNotice } from './ApprovalNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { StaffViewBanner } from './StaffViewBanner';

export function Layout({ current, children }: { current: string; children: ReactNode }) {
  return (
    <>
      {/* First of all, so it is the first Tab stop, and placed against the page, not the sticky header. */}
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <StaffViewBanner />
      <Header current={current} />
      <ApprovalNotice />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer current={current} />
    </>
  );
}
