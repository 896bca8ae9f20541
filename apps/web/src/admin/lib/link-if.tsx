import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link where there is somewhere to go; else the same content in a span, as plain text. */
export function LinkIf({
  to,
  className,
  plainClassName,
  children,
}: {
  to: string | null;
  className: string;
  plainClassName: string;
  children: ReactNode;
}) {
  return to ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <span className={plainClassName}>{children}</span>
  );
}
