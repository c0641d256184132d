/** Every page's frame: header, a signed-in visitor's approval notice, the page in <main id="main"> (the skip link's target), footer. */
import type { ReactNode } from 'react';
import { ApprovalNotice } from './ApprovalNotice';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ current, children }: { current: string; children: ReactNode }) {
  return (
    <>
      <Header current={current} />
      <ApprovalNotice />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer current={current} />
    </>
  );
}
