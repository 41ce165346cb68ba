export interface XhrUploadOptions {
  action: string;
  method?: string;
  /** Multipart field of the file; "file" unless given. */
  fieldName?: string;
  file: File;
  headers?: Record<string, string>;
  data?: Record<string, string>;
  onProgress(loaded: number, total: number): void;
  /** Success is any 2xx status unless this says otherwise. */
  isSuccess?(xhr: XMLHttpRequest): boolean;
}

export interface XhrUploadResult {
  ok: boolean;
  status: number;
  xhr: XMLHttpRequest;
}

/** A multipart upload with progress (fetch cannot report upload progress) that can be aborted. */
export function xhrUpload(options: XhrUploadOptions): { done: Promise<XhrUploadResult>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<XhrUploadResult>((resolve) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(options.data ?? {})) body.append(k, v);
    body.append(options.fieldName ?? 'file', options.file, options.file.name);
    xhr.open(options.method ?? 'POST', options.action);
    for (const [k, v] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress(e.loaded, e.total);
    };
    const finish = () => {
      const ok = options.isSuccess ? options.isSuccess(xhr) : xhr.status >= 200 && xhr.status < 300;
      resolve({ ok, status: xhr.status, xhr });
    };
    xhr.onload = finish;
    xhr.onerror = finish;
    xhr.onabort = finish;
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
