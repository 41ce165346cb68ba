import { Button, Popconfirm, Space, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { notify } from '../../../lib/notify.js';
import { DetailState } from './detail-state.js';
import { JsonView } from './json-view.js';
import { RegisteredTitle } from './registry-notice.js';
import { RegistryVersionTable, type RegistryVersion } from './registry-versions.js';

/** One version of a registered entry, with the others it has. */
interface RegistryEntry {
  version: string;
  versions: RegistryVersion[];
}

type VersionOf<Entry extends RegistryEntry> = Entry['versions'][number];

export interface RegistryDetailLayoutProps<Entry extends RegistryEntry> {
  title: string;
  /** The list the page came from, in its namespace: Back goes there, and so does a delete. */
  listPath: string;
  namespaceId: string;
  /** Undefined until loaded. */
  entry: Entry | undefined;
  error: Error | null;
  deleteConfirm(entry: Entry): string;
  /** Deletes the entry, calling `done` once it is gone. */
  onDelete(entry: Entry, done: () => void): void;
  deleting: boolean;
  /** What the entry is, above its tabs. */
  children(entry: Entry): ReactNode;
  /** The tab of what the entry offers (tools, skills), before its versions. */
  tab(entry: Entry): RegistryTab;
  /** The versions' columns between the version and the operations. */
  versionColumns: ColumnsType<VersionOf<Entry>>;
  /** Where another version is shown. */
  versionHref(entry: Entry, version: VersionOf<Entry>): string;
  /** The tab of the document as the registry answers it, after the versions. */
  document: { key: string; label: string; help: string; value(entry: Entry): unknown };
}

export interface RegistryTab {
  key: string;
  label: string;
  /** How many rows the tab lists. */
  count: number;
  children: ReactNode;
}

/**
 * One entry clients registered: its title, Back to the list and (for those who may change the registry) delete
 * after a confirm, which goes back to the list; what it is, then its tabs: what it offers, its versions and its
 * document. Before the entry: loading, or what went wrong.
 */
export function RegistryDetailLayout<Entry extends RegistryEntry>(props: RegistryDetailLayoutProps<Entry>) {
  const { entry, document } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canUpdateAiRegistry } = useConsoleState();
  const listHref = `${props.listPath}?namespaceId=${encodeURIComponent(props.namespaceId)}`;
  const back = (
    <Link to={listHref}>
      <Button>{t('airegistry.back')}</Button>
    </Link>
  );
  const deleted = () => {
    notify.success(t('common.delete_success'));
    void navigate(listHref);
  };
  const tabs = (entry: Entry) => {
    const own = props.tab(entry);
    return [
      { key: own.key, label: `${own.label} (${own.count})`, children: own.children },
      {
        key: 'versions',
        label: `${t('airegistry.versions')} (${entry.versions.length})`,
        children: (
          <RegistryVersionTable<VersionOf<Entry>>
            versions={entry.versions}
            shown={entry.version}
            columns={props.versionColumns}
            versionHref={(row) => props.versionHref(entry, row)}
          />
        ),
      },
      {
        key: document.key,
        label: document.label,
        children: <JsonView value={document.value(entry)} help={document.help} />,
      },
    ];
  };

  return (
    <div className="page">
      <PageHeader
        title={<RegisteredTitle>{props.title}</RegisteredTitle>}
        extra={
          <Space wrap>
            {back}
            {canUpdateAiRegistry && entry && (
              <Popconfirm
                title={props.deleteConfirm(entry)}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => props.onDelete(entry, deleted)}
              >
                <Button danger loading={props.deleting}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <PageBody>
        {entry ? (
          <>
            {props.children(entry)}
            <Tabs style={{ marginTop: 16 }} items={tabs(entry)} />
          </>
        ) : (
          <DetailState error={props.error} back={back} />
        )}
      </PageBody>
    </div>
  );
}
