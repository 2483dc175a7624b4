import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { updateProjectConfig, useProjectConfig } from '../../services/project-config';
import { isMac, SHORTCUTS } from './shortcut-keys';
import './shortcuts.css';

/** The list of shortcuts, each with its keys and its switch. */
export default function ShortcutsHelp({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const enabled = useProjectConfig((c) => c.shortcutSetting);
  const mac = isMac();
  return (
    <Dialog visible onHide={onHide} header={t('settings.shortcuts.title')} className="shortcuts-help" style={{ width: 'min(480px, calc(100vw - 32px))' }} dismissableMask data-testid="shortcuts-help">
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">{t('settings.shortcuts.action')}</th>
            <th scope="col">{t('settings.shortcuts.keys')}</th>
            <th scope="col">{t('settings.shortcuts.on')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id} data-testid={`shortcut-${s.id}`}>
              <th scope="row" id={`shortcut-${s.id}-name`}>
                {t(`settings.shortcuts.names.${s.id}`)}
              </th>
              <td>
                {s.keys(mac).map((combo, i) => (
                  <span key={i} className="shortcuts-combo">
                    {i > 0 && <span className="shortcuts-or">{t('settings.shortcuts.or')}</span>}
                    {combo.map((k) => (
                      <kbd key={k}>{k}</kbd>
                    ))}
                  </span>
                ))}
              </td>
              <td>
                <InputSwitch checked={enabled[s.id]} aria-labelledby={`shortcut-${s.id}-name`} onChange={(e) => updateProjectConfig({ shortcutSetting: { [s.id]: e.value === true } })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="shortcuts-hint">{t('settings.shortcuts.hint')}</p>
    </Dialog>
  );
}
