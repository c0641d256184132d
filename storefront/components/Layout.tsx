/** Every page's frame: header, the page in <main id="main"> (the skip link's target), footer. */
import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ current, children }: { current: string; children: ReactNode }) {
  return (
    <>
      <Header current={current} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer current={current} />
    </>
  );
}
