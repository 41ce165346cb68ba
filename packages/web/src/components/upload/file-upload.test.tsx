import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.js';
import { FileUpload } from './file-upload.js';
import type { XhrUploadOptions, XhrUploadResult } from './xhr-upload.js';

/** A transport the test finishes by hand. */
function manualTransport() {
  const uploads: { options: XhrUploadOptions; finish(status: number): void; aborted: boolean }[] = [];
  const upload = vi.fn((options: XhrUploadOptions) => {
    let resolve!: (r: XhrUploadResult) => void;
    const done = new Promise<XhrUploadResult>((r) => (resolve = r));
    const entry = {
      options,
      aborted: false,
      finish: (status: number) => resolve({ ok: status >= 200 && status < 300, status, xhr: {} as XMLHttpRequest }),
    };
    uploads.push(entry);
    return { done, abort: () => ((entry.aborted = true), entry.finish(0)) };
  });
  return { upload, uploads };
}

const zip = (name = 'configs.zip') => new File(['PK'], name, { type: 'application/zip' });

describe('file upload', () => {
  it('uploads a chosen file with the field, headers and action, shows progress, then finished', async () => {
    const { upload, uploads } = manualTransport();
    const onDone = vi.fn();
    renderScreen(
      <FileUpload buttonText="Upload" action="/x/import" headers={{ tenant: 'dev' }} upload={upload} onDone={onDone} />,
    );
    await userEvent.upload(screen.getByTestId('file-input'), zip());
    expect(upload).toHaveBeenCalledTimes(1);
    expect(uploads[0].options).toMatchObject({ action: '/x/import', headers: { tenant: 'dev' } });
    expect(uploads[0].options.file.name).toBe('configs.zip');
    uploads[0].options.onProgress(1, 3);
    await waitFor(() => expect(screen.getByText('34%')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cancel configs.zip' })).toBeInTheDocument();
    uploads[0].finish(200);
    await waitFor(() => expect(document.querySelector('[data-status="finished"]')).not.toBeNull());
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'finished' }),
      expect.objectContaining({ status: 200 }),
    );
    expect(screen.queryByRole('button', { name: 'Retry configs.zip' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove configs.zip' })).toBeInTheDocument();
  });

  it('an error can be retried; cancel aborts and removes the item', async () => {
    const { upload, uploads } = manualTransport();
    renderScreen(<FileUpload buttonText="Upload" action="/x" upload={upload} />);
    await userEvent.upload(screen.getByTestId('file-input'), zip());
    uploads[0].finish(500);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry configs.zip' }));
    expect(upload).toHaveBeenCalledTimes(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel configs.zip' }));
    expect(uploads[1].aborted).toBe(true);
    await waitFor(() => expect(screen.queryByText('configs.zip')).not.toBeInTheDocument());
  });

  it('dropped files are filtered by accept and only the first is taken without multiple', async () => {
    const { upload } = manualTransport();
    const { container } = renderScreen(<FileUpload buttonText="Upload" action="/x" accept=".zip" upload={upload} />);
    fireEvent.drop(container.querySelector('.file-upload')!, {
      dataTransfer: { files: [new File(['a'], 'notes.txt', { type: 'text/plain' }), zip('a.zip'), zip('b.zip')] },
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0][0].file.name).toBe('a.zip');
  });
});
