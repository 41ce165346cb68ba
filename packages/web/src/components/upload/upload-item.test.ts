import { describe, expect, it } from 'vitest';
import { newUploadItem, nextUploadItem, uploadActions, type UploadFileItem } from './upload-item.js';

const item = (): UploadFileItem => newUploadItem(new File(['x'], 'a.zip', { type: 'application/zip' }));

describe('upload item', () => {
  it('starts pending with every field of the item', () => {
    const i = item();
    expect(i).toMatchObject({
      name: 'a.zip',
      percentage: 0,
      status: 'pending',
      url: null,
      type: 'application/zip',
      fullPath: '/a.zip',
      batchId: null,
    });
    expect(i.id).toBeTruthy();
    expect(i.file).toBeInstanceOf(File);
  });

  it('goes pending -> uploading -> finished, reporting progress rounded up', () => {
    let i = nextUploadItem(item(), { type: 'start' });
    expect(i.status).toBe('uploading');
    i = nextUploadItem(i, { type: 'progress', loaded: 1, total: 3 });
    expect(i.percentage).toBe(34);
    i = nextUploadItem(i, { type: 'finish' });
    expect(i).toMatchObject({ status: 'finished', percentage: 100 });
  });

  it('a failed upload is an error that retry puts back to pending', () => {
    const failed = nextUploadItem(nextUploadItem(item(), { type: 'start' }), { type: 'fail' });
    expect(failed.status).toBe('error');
    expect(nextUploadItem(failed, { type: 'retry' }).status).toBe('pending');
  });

  it('ignores events that do not apply to the status', () => {
    const pending = item();
    expect(nextUploadItem(pending, { type: 'finish' })).toBe(pending);
    expect(nextUploadItem(pending, { type: 'retry' })).toBe(pending);
    expect(nextUploadItem(pending, { type: 'progress', loaded: 1, total: 2 })).toBe(pending);
  });

  it('allows cancel while uploading, retry only in error, remove for finished, pending and error, download and preview only when finished', () => {
    expect(uploadActions('pending')).toEqual({
      cancel: false,
      retry: false,
      remove: true,
      download: false,
      preview: false,
    });
    expect(uploadActions('uploading')).toEqual({
      cancel: true,
      retry: false,
      remove: false,
      download: false,
      preview: false,
    });
    expect(uploadActions('finished')).toEqual({
      cancel: false,
      retry: false,
      remove: true,
      download: true,
      preview: true,
    });
    expect(uploadActions('error')).toEqual({
      cancel: false,
      retry: true,
      remove: true,
      download: false,
      preview: false,
    });
  });
});
