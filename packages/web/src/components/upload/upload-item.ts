export type UploadStatus = 'pending' | 'uploading' | 'finished' | 'error';

/** One file of an upload list. */
export interface UploadFileItem {
  id: string;
  name: string;
  /** 0..100, rounded up. */
  percentage: number;
  status: UploadStatus;
  url: string | null;
  file: File | null;
  thumbnailUrl: string | null;
  type: string;
  fullPath: string;
  batchId: string | null;
}

let sequence = 0;

export function newUploadItem(file: File, batchId: string | null = null): UploadFileItem {
  sequence += 1;
  const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
  return {
    id: `upload-${Date.now().toString(36)}-${sequence}`,
    name: file.name,
    percentage: 0,
    status: 'pending',
    url: null,
    file,
    thumbnailUrl: null,
    type: file.type,
    fullPath: relative ? `/${relative}` : `/${file.name}`,
    batchId,
  };
}

/** What the user may do with an item in each status: cancel while uploading, retry after an error, remove
 * unless uploading, download and preview once finished. */
export const uploadActions = (status: UploadStatus) => ({
  /** Aborts the transfer and removes the item. */
  cancel: status === 'uploading',
  retry: status === 'error',
  remove: status === 'finished' || status === 'pending' || status === 'error',
  download: status === 'finished',
  preview: status === 'finished',
});

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'finish'; url?: string | null }
  | { type: 'fail' }
  | { type: 'retry' };

/** pending -> uploading -> finished | error; retry puts an error back to pending. Other events are ignored. */
export function nextUploadItem(item: UploadFileItem, event: UploadEvent): UploadFileItem {
  switch (event.type) {
    case 'start':
      return item.status === 'pending' ? { ...item, status: 'uploading', percentage: 0 } : item;
    case 'progress':
      if (item.status !== 'uploading' || event.total <= 0) return item;
      return { ...item, percentage: Math.min(100, Math.ceil((event.loaded / event.total) * 100)) };
    case 'finish':
      return item.status === 'uploading'
        ? { ...item, status: 'finished', percentage: 100, url: event.url ?? item.url }
        : item;
    case 'fail':
      return item.status === 'uploading' ? { ...item, status: 'error' } : item;
    case 'retry':
      return item.status === 'error' ? { ...item, status: 'pending', percentage: 0 } : item;
  }
}
