import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES, renderScreen } from '../../testing/render.js';
import { DefaultPasswordBanner } from './default-password-banner.js';

describe('default password banner', () => {
  it('warns an admin while the server names a default password, in English and Chinese', () => {
    const webResources = { ...ADMIN_RESOURCES, defaultPasswordUser: 'admin' };
    const { unmount } = renderScreen(<DefaultPasswordBanner />, { webResources });
    expect(screen.getByTestId('default-password-banner')).toHaveTextContent(
      'The console user admin still has the default password',
    );
    unmount();
    renderScreen(<DefaultPasswordBanner />, { webResources, lang: 'zh' });
    expect(screen.getByTestId('default-password-banner')).toHaveTextContent('控制台用户 admin 仍在使用默认密码');
  });

  it('shows nothing when the server names none', () => {
    renderScreen(<DefaultPasswordBanner />, { webResources: ADMIN_RESOURCES });
    expect(screen.queryByTestId('default-password-banner')).toBeNull();
  });
});
