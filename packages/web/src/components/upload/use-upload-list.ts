import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { newUploadItem, nextUploadItem, type UploadEvent, type UploadFileItem } from './upload-item.js';
import { selectFiles, type SelectFilesOptions } from './select-files.js';
import { xhrUpload, type XhrUploadOptions, type XhrUploadResult } from './xhr-upload.js';

export interface UploadListOptions extends Omit<SelectFilesOptions, 'existingCount' | 'dropped'> {
  action: string;
  method?: string;
  fieldName?: string;
  headers?: Record<string, string>;
  data?: Record<string, string>;
  isSuccess?(xhr: XMLHttpRequest): boolean;
  /** Told about every upload that ended (finished or error), with its HTTP status. */
  onDone?(item: UploadFileItem, result: XhrUploadResult): void;
  /** Replaceable transport (tests). */
  upload?: typeof xhrUpload;
}

/** The items of an upload list and the actions on them; files upload as soon as they are added. */
export function useUploadList(options: UploadListOptions) {
  const [items, setItems] = useState<UploadFileItem[]>([]);
  const aborts = useRef(new Map<string, () => void>());
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const apply = useCallback((id: string, event: UploadEvent) => {
    setItems((list) => list.map((item) => (item.id === id ? nextUploadItem(item, event) : item)));
  }, []);

  const start = useCallback(
    (item: UploadFileItem) => {
      if (!item.file) return;
      const o = latest.current;
      apply(item.id, { type: 'start' });
      const request: XhrUploadOptions = {
        action: o.action,
        method: o.method,
        fieldName: o.fieldName,
        file: item.file,
        headers: o.headers,
        data: o.data,
        isSuccess: o.isSuccess,
        onProgress: (loaded, total) => apply(item.id, { type: 'progress', loaded, total }),
      };
      const { done, abort } = (o.upload ?? xhrUpload)(request);
      aborts.current.set(item.id, abort);
      void done.then((result) => {
        if (!aborts.current.delete(item.id)) return; // cancelled: the item is gone
        apply(item.id, result.ok ? { type: 'finish' } : { type: 'fail' });
        latest.current.onDone?.({ ...item, status: result.ok ? 'finished' : 'error' }, result);
      });
    },
    [apply],
  );

  const add = useCallback(
    (files: File[], dropped = false) => {
      const o = latest.current;
      const picked = selectFiles(files, { ...o, existingCount: items.length, dropped });
      const batchId = picked.length > 1 ? `batch-${Date.now().toString(36)}` : null;
      const added = picked.map((f) => newUploadItem(f, batchId));
      setItems((list) => [...list, ...added]);
      added.forEach(start);
    },
    [items.length, start],
  );

  const cancel = useCallback((id: string) => {
    const abort = aborts.current.get(id);
    aborts.current.delete(id);
    abort?.();
    setItems((list) => list.filter((i) => i.id !== id));
  }, []);

  const remove = useCallback((id: string) => setItems((list) => list.filter((i) => i.id !== id)), []);

  const retry = useCallback(
    (id: string) => {
      const item = items.find((i) => i.id === id);
      if (!item || item.status !== 'error') return;
      const pending = nextUploadItem(item, { type: 'retry' });
      setItems((list) => list.map((i) => (i.id === id ? pending : i)));
      start(pending);
    },
    [items, start],
  );

  return { items, add, cancel, remove, retry };
}
