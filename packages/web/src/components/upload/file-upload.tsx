import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, List, Progress, Tooltip } from 'antd';
import { useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_CARD_SIZE } from '../../lib/constants.js';
import { uploadActions, type UploadFileItem } from './upload-item.js';
import { useUploadList, type UploadListOptions } from './use-upload-list.js';

export interface FileUploadProps extends UploadListOptions {
  buttonText: string;
  /** "image-card" shows each item as a 96 px cell. */
  listType?: 'text' | 'image-card';
  disabled?: boolean;
}

function openItem(item: UploadFileItem, download: boolean) {
  const url = item.url ?? (item.file ? URL.createObjectURL(item.file) : null);
  if (!url) return;
  const link = document.createElement('a');
  link.href = url;
  if (download) link.download = item.name;
  else link.target = '_blank';
  link.click();
}

/** A button (or dropped files) feeding an upload list with per-item progress and actions. */
export function FileUpload({ buttonText, listType = 'text', disabled, ...options }: FileUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { items, add, cancel, remove, retry } = useUploadList(options);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (!disabled) add(Array.from(e.dataTransfer.files), true);
  };

  const actionsFor = (item: UploadFileItem) => {
    const can = uploadActions(item.status);
    const button = (key: string, title: string, icon: React.ReactNode, onClick: () => void) => (
      <Tooltip key={key} title={title}>
        <Button type="text" size="small" icon={icon} aria-label={`${title} ${item.name}`} onClick={onClick} />
      </Tooltip>
    );
    return [
      can.cancel && button('cancel', t('common.cancel'), <CloseOutlined />, () => cancel(item.id)),
      can.retry && button('retry', t('common.retry'), <ReloadOutlined />, () => retry(item.id)),
      can.preview && item.url && button('preview', t('common.preview'), <EyeOutlined />, () => openItem(item, false)),
      can.download &&
        item.url &&
        button('download', t('common.download'), <DownloadOutlined />, () => openItem(item, true)),
      can.remove && button('remove', t('common.remove'), <DeleteOutlined />, () => remove(item.id)),
    ].filter(Boolean);
  };

  return (
    <div className="file-upload" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="file-input"
        accept={options.accept}
        multiple={options.multiple}
        onChange={(e) => {
          add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        {buttonText}
      </Button>
      {items.length > 0 && (
        <List
          className={`file-upload-list file-upload-${listType}`}
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              key={item.id}
              data-status={item.status}
              style={listType === 'image-card' ? { width: UPLOAD_CARD_SIZE, height: UPLOAD_CARD_SIZE } : undefined}
              actions={actionsFor(item)}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <div className={`file-upload-name file-upload-${item.status}`}>{item.name}</div>
                {item.status === 'uploading' && <Progress percent={item.percentage} size="small" />}
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
