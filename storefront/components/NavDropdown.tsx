/**
 * A header dropdown built on <details>/<summary>, so it opens with mouse, touch and keyboard
 * even before (or without) JavaScript. Once hydrated it also: opens on ArrowDown and focuses the
 * first link, moves with ArrowUp/ArrowDown, closes on Escape and gives focus back to its button,
 * closes when a click or focus lands outside it, and keeps only one dropdown open at a time.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { NavItem } from '../lib/navigation';
import { frameMessages as messages } from '../i18n/frame-messages';

const OPENED = 'backlot:dropdown-opened';

export function NavDropdown({
  item,
  current,
  summary,
  footer,
  className,
  label,
}: {
  item: NavItem;
  current: string;
  /** What the button shows instead of the item's label (an icon with hidden words). */
  summary?: ReactNode;
  /** Entries after the links (the account menu's Log out button). */
  footer?: ReactNode;
  className?: string;
  /** The group's accessible name, when the button shows an icon (the account menu: "Your account"). */
  label?: string;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const links = () =>
    Array.from(details.current?.querySelectorAll<HTMLElement>('.dropdown-menu a, .dropdown-menu button') ?? []);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) details.current?.querySelector('summary')?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const self = details.current!;
    document.dispatchEvent(new CustomEvent(OPENED, { detail: self }));
    const onOtherOpened = (event: Event) => (event as CustomEvent).detail !== self && setOpen(false);
    const onOutside = (event: Event) => !self.contains(event.target as Node) && setOpen(false);
    document.addEventListener(OPENED, onOtherOpened);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener(OPENED, onOtherOpened);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index === -1 ? (step === 1 ? 0 : items.length - 1) : (index + step + items.length) % items.length;
      // A closed menu is hidden: show it now (flushSync), so the link can take focus at once.
      if (!open) flushSync(() => setOpen(true));
      items[next]?.focus();
    }
  };

  const active = item.href === current || item.children?.some((child) => child.href === current);
  return (
    // <details> is interactive (its summary toggles it); the arrow keys move between its links.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <details
      ref={details}
      className={className ? `dropdown ${className}` : 'dropdown'}
      aria-label={label}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary className={active ? 'nav-link is-active' : 'nav-link'}>
        {summary ?? item.label}
        <svg className="chevron" aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
          <path
            d="M2.5 4.5 6 8l3.5-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </summary>
      <ul className="dropdown-menu">
        {item.href && (
          <li>
            <a href={item.href} aria-current={item.href === current ? 'page' : undefined} className="dropdown-all">
              {messages.viewAll(item.label)}
            </a>
          </li>
        )}
        {item.children?.map((child) =>
          child.href ? (
            <li key={`${child.label} ${child.href}`}>
              <a href={child.href} aria-current={child.href === current ? 'page' : undefined}>
                {child.label}
              </a>
            </li>
          ) : null,
        )}
        {footer}
      </ul>
    </details>
  );
}
