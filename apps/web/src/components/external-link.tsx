import type { AnchorHTMLAttributes, ReactNode } from 'react';

/** Web addresses open in a new tab; mailto: and other schemes open in place. */
export function opensInNewTab(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> & {
  href: string;
  children: ReactNode;
};

/**
 * A link that leaves the app. A new tab is announced to screen-reader users, and the new page
 * gets no handle on this one (rel noopener).
 */
export function ExternalLink({ href, children, ...props }: ExternalLinkProps) {
  const newTab = opensInNewTab(href);
  return (
    <a href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props}>
      {children}
      {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
