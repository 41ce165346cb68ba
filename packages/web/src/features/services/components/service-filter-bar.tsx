import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.js';
import { useUrlState } from '../../../lib/url-state.js';

export interface ServiceFilterBarProps {
  serviceName: string;
  groupName: string;
  pageNo: number;
  /** Runs an action unless the list is still loading. */
  idle(action: () => void): void;
  refetch(): void;
  /** Buttons beside the filters. */
  actions?: ReactNode;
}

/**
 * The service-name and group filters of the service and subscriber lists, kept in the URL. Querying the
 * filters already shown, on the first page, loads the list again.
 */
export function ServiceFilterBar({ serviceName, groupName, pageNo, idle, refetch, actions }: ServiceFilterBarProps) {
  const { t } = useTranslation();
  const { update } = useUrlState();
  return (
    <FilterBar
      fields={[
        { key: 'serviceName', label: t('service.name_placeholder'), value: serviceName },
        { key: 'groupName', label: t('service.group_placeholder'), value: groupName },
      ]}
      onQuery={(v) =>
        idle(() => {
          if (v.serviceName === serviceName && v.groupName === groupName && pageNo === 1) refetch();
          else update({ serviceName: v.serviceName || null, groupName: v.groupName || null, page: null });
        })
      }
      actions={actions}
    />
  );
}
