import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { DiffViewProps } from './diff-view.js';

const DiffView = lazy(() => import('./diff-view.js'));

/** The diff's code is fetched the first time one is shown. */
export function LazyDiffView(props: DiffViewProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <DiffView {...props} />
    </Suspense>
  );
}
