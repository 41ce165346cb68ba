import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './constants.js';
import { useUrlState } from './url-state.js';

/** Page and page size kept in the URL (`page`, `size`). */
export function useUrlPaging(defaultSize: number) {
  const { getNumber, update } = useUrlState();
  const pageNo = getNumber('page', 1);
  const size = getNumber('size', defaultSize);
  const pageSize = PAGE_SIZES.includes(size) ? size : defaultSize;
  const setPage = (page: number, nextSize: number) =>
    update({ page: nextSize !== pageSize ? 1 : page, size: nextSize === defaultSize ? null : nextSize });
  return { pageNo, pageSize, setPage };
}

/** The pager of every paged list: the page sizes of PAGE_SIZES, a size changer and the translated total. */
export function usePager(): (config: TablePaginationConfig) => TablePaginationConfig {
  const { t } = useTranslation();
  return (config) => ({
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal: (n) => t('common.total', { count: n }),
    ...config,
  });
}
