import { afterEach, describe, expect, test, vi } from 'vitest';
import { changeRole, setPermissionMode } from '../../web/services/permission';
import { getProjectConfig, resetProjectConfig, updateProjectConfig } from '../../web/services/project-config';
import { i18n, initI18n } from '../../web/i18n';

afterEach(() => resetProjectConfig());

describe('permission actions for the settings drawer (spec §4, §5)', () => {
  test('switching the permission mode stores it and reloads; the same mode does nothing', () => {
    const reload = vi.fn();
    setPermissionMode('BACK', reload);
    expect(getProjectConfig().permissionMode).toBe('BACK');
    expect(reload).toHaveBeenCalledTimes(1);
    setPermissionMode('BACK', reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('changing role outside route-mapping mode is refused with a translated message', async () => {
    vi.stubGlobal('document', { documentElement: {} });
    await initI18n('en');
    updateProjectConfig({ permissionMode: 'BACK' });
    const r = await changeRole('operator');
    expect(r).toEqual({ ok: false, message: 'Changing role is only allowed in route-mapping permission mode; switch the permission mode in the settings first.' });
    await i18n.changeLanguage('zh_CN');
    updateProjectConfig({ permissionMode: 'ROLE' });
    expect(await changeRole('operator')).toEqual({ ok: false, message: '只有在“路由映射”权限模式下才能切换角色，请先在设置中切换权限模式。' });
    vi.unstubAllGlobals();
  });
});
