/** A page's title band: optional breadcrumb trail, the heading, and a lead line. */
import type { ReactNode } from 'react';
import { messages } from '../i18n/messages';

export interface Crumb {
  name: string;
  href: string;
}

export function PageHeader({
  title,
  lead,
  crumbs = [],
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: Crumb[];
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div className="container">
        {crumbs.length > 0 && (
          <nav aria-label={messages.breadcrumb}>
            <ol className="breadcrumbs">
              {crumbs.map((crumb) => (
                <li key={crumb.href}>
                  <a href={crumb.href}>{crumb.name}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
