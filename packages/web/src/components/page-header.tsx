import type { ReactNode } from 'react';

/** The white bar on top of every screen: its title on the left, page-wide controls on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <div className="page-header-title">{title}</div>
      {extra && <div className="page-header-extra">{extra}</div>}
    </div>
  );
}

export function PageBody({ children }: { children: ReactNode }) {
  return <div className="page-body">{children}</div>;
}
