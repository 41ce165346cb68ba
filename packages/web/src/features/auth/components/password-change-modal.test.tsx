import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { getButton } from '../../../testing/queries.js';
import { renderScreen } from '../../../testing/render.js';
import { PasswordChangeModal } from './password-change-modal.js';

describe('password change', () => {
  it('an empty old or new password shows "the input cannot be empty" on submit', async () => {
    const api = fakeApi({});
    const { toasts } = renderScreen(<PasswordChangeModal open onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('New password'), 'n');
    await userEvent.click(getButton('Confirm'));
    expect(toasts.errors).toEqual(['the input cannot be empty']);
    expect(api.calls).toHaveLength(0);
  });

  it('the confirmation must match the new password', async () => {
    const api = fakeApi({});
    renderScreen(<PasswordChangeModal open onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Old password'), 'old');
    await userEvent.type(screen.getByLabelText('New password'), 'new1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new2');
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText('Confirm that the content does not match the new password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends old and new password as JSON and says so on success', async () => {
    const api = fakeApi({ 'POST /v2/user/reset_password': () => ok(true) });
    const onClose = vi.fn();
    const { toasts } = renderScreen(<PasswordChangeModal open onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Old password'), 'old');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].json()).toEqual({ oldPassword: 'old', newPassword: 'new-password' });
    expect(toasts.successes).toEqual(['modify password success']);
  });

  it('a new password shorter than 8 characters is refused before sending, in the chosen language', async () => {
    const api = fakeApi({});
    renderScreen(<PasswordChangeModal open onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Old password'), 'old');
    await userEvent.type(screen.getByLabelText('New password'), 'seven77');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'seven77');
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText('The new password needs at least 8 characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
