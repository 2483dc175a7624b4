import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from 'primereact/sidebar';
import { InputSwitch } from 'primereact/inputswitch';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import {
  DEFAULT_PROJECT_CONFIG,
  getProjectConfig,
  resetProjectConfig,
  TRANSITIONS,
  updateProjectConfig,
  useProjectConfig,
  type ConfigPatch,
  type PermissionMode,
} from '../../services/project-config';
import { isAdministrator, setPermissionMode } from '../../services/permission';
import { useSession } from '../../services/session';
import { notify } from '../../services/notify';
import { expandHex, isDarkColor, isHexColor } from '../../lib/color';
import { toggleTheme, useThemeMode } from '../theme/use-theme';
import {
  configPayload,
  HEADER_BG_PRESETS,
  LOCK_TIME_RANGE,
  MENU_BG_PRESETS,
  MENU_WIDTH_RANGE,
  THEME_COLOR_PRESETS,
  themeColorError,
} from './settings-rules';
import { closeSettings, useSettingsOpen } from './settings-store';
import { isMac, SHORTCUTS } from '../shortcuts/shortcut-keys';
import './settings.css';

const set = (patch: ConfigPatch) => updateProjectConfig(patch);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="settings-section">
      <h3 className="settings-section-title">{title}</h3>
      {children}
    </section>
  );
}

/** One labelled control; `field` names the config field (test id `setting-<field>`). */
function Row({ label, field, hint, children }: { label: string; field: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="settings-row" data-testid={`setting-${field}`}>
      <label htmlFor={id} className="settings-row-label">
        {label}
        {hint && <small className="settings-row-hint">{hint}</small>}
      </label>
      <div className="settings-row-control">{children(id)}</div>
    </div>
  );
}

function SwitchRow({ label, field, checked, onChange, hint, disabled }: { label: string; field: string; checked: boolean; onChange: (v: boolean) => void; hint?: string; disabled?: boolean }) {
  return (
    <Row label={label} field={field} hint={hint}>
      {(id) => <InputSwitch inputId={id} checked={checked} disabled={disabled} onChange={(e) => onChange(e.value === true)} />}
    </Row>
  );
}

function SelectRow<T extends string>({ label, field, value, options, onChange, hint }: { label: string; field: string; value: T; options: { label: string; value: T }[]; onChange: (v: T) => void; hint?: string }) {
  return (
    <Row label={label} field={field} hint={hint}>
      {(id) => <Dropdown inputId={id} value={value} options={options} onChange={(e) => onChange(e.value as T)} className="settings-select" />}
    </Row>
  );
}

function NumberRow({ label, field, value, min, max, step = 1, onChange, hint }: { label: string; field: string; value: number; min: number; max: number; step?: number; onChange: (v: number) => void; hint?: string }) {
  return (
    <Row label={label} field={field} hint={hint}>
      {(id) => (
        <InputNumber
          inputId={id}
          value={value}
          min={min}
          max={max}
          step={step}
          showButtons
          buttonLayout="horizontal"
          decrementButtonIcon="pi pi-minus"
          incrementButtonIcon="pi pi-plus"
          className="settings-number"
          onValueChange={(e) => {
            if (typeof e.value === 'number' && e.value >= min && e.value <= max) onChange(e.value);
          }}
        />
      )}
    </Row>
  );
}

/** Colour swatches; the chosen one carries a check mark drawn in a contrasting colour. */
function Swatches({ colors, value, onPick, name }: { colors: readonly string[]; value: string; onPick: (c: string) => void; name: string }) {
  return (
    <div className="settings-swatches" role="radiogroup" aria-label={name} data-testid={`swatches-${name}`}>
      {colors.map((c) => {
        const on = c.toLowerCase() === value.toLowerCase();
        return (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={on}
            aria-label={c}
            title={c}
            className={`settings-swatch${on ? ' is-on' : ''}`}
            style={{ background: c, color: isDarkColor(c) ? '#fff' : '#000' }}
            onClick={() => onPick(c)}
          >
            {on && <i className="pi pi-check" aria-hidden />}
          </button>
        );
      })}
    </div>
  );
}

/** The typed theme colour, checked by spec §5 and applied as soon as it is valid. */
function ThemeColorInput({ value }: { value: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [touched, setTouched] = useState(false);
  // Follow changes made elsewhere (a swatch, a reset), but leave a typed `#f5c` alone when the
  // stored `#ff55cc` is the same colour, so typing on is not disturbed.
  useEffect(() => {
    setText((cur) => (isHexColor(cur.trim()) && expandHex(cur.trim()) === expandHex(value) ? cur : value));
  }, [value]);
  const error = themeColorError(text);
  const id = useId();
  return (
    <div className="settings-color-input">
      <label htmlFor={id}>{t('settings.fields.themeColor')}</label>
      <div className="settings-color-field">
        <span className="settings-color-preview" style={{ background: error ? 'transparent' : text.trim() }} aria-hidden />
        <InputText
          id={id}
          value={text}
          maxLength={7}
          spellCheck={false}
          placeholder={DEFAULT_PROJECT_CONFIG.themeColor}
          className={touched && error ? 'p-invalid' : undefined}
          aria-invalid={touched && !!error}
          aria-describedby={touched && error ? `${id}-error` : undefined}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            setTouched(true);
            if (!themeColorError(next)) set({ themeColor: expandHex(next.trim()) });
          }}
          onBlur={() => setTouched(true)}
          data-testid="theme-color-input"
        />
      </div>
      {touched && error && (
        <small id={`${id}-error`} className="p-error" data-testid="theme-color-error">
          {t(error)}
        </small>
      )}
    </div>
  );
}

async function copyConfig(t: (k: string) => string) {
  try {
    await navigator.clipboard.writeText(configPayload(getProjectConfig()));
    notify({ mode: 'toast', message: t('settings.actions.copied') }, 'success');
  } catch {
    notify({ mode: 'toast', message: t('settings.actions.copyFailed') }, 'error');
  }
}

/**
 * The settings drawer (spec §3 project config): every project-config field, applied live and
 * persisted by the config store, plus "copy config" (the JSON of the current config to the
 * clipboard) and "reset" (back to the §9 defaults after a confirmation in PrimeReact's own texts).
 * A permission-mode change reloads the page (spec §4), and so does a reset that changes the mode.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const open = useSettingsOpen();
  const c = useProjectConfig();
  const admin = isAdministrator(useSession().userInfo);
  const mac = isMac();
  const theme = useThemeMode();
  const opts = <T extends string>(group: string, values: readonly T[]) => values.map((v) => ({ value: v, label: t(`settings.options.${group}.${v as string}`) as string }));

  const confirmReset = () =>
    confirmDialog({
      group: 'settings',
      header: t('settings.actions.reset'),
      message: t('settings.actions.resetConfirm'),
      icon: 'pi pi-exclamation-triangle',
      accept: () => {
        const modeBefore = getProjectConfig().permissionMode;
        resetProjectConfig();
        notify({ mode: 'toast', message: t('settings.actions.resetDone') }, 'success');
        if (modeBefore !== DEFAULT_PROJECT_CONFIG.permissionMode) window.location.reload();
      },
    });

  return (
    <>
      <ConfirmDialog group="settings" />
      <Sidebar
        visible={open}
        onHide={closeSettings}
        position="right"
        header={<h2 className="settings-title">{t('settings.title')}</h2>}
        className="settings-drawer"
        blockScroll
        data-testid="settings-drawer"
      >
        <div className="settings-body">
          {c.showDarkModeToggle && (
            <Section title={t('settings.sections.theme')}>
              <SwitchRow label={t('settings.fields.darkMode')} field="darkMode" checked={theme === 'dark'} onChange={(v) => v !== (theme === 'dark') && toggleTheme()} />
            </Section>
          )}

          <Section title={t('settings.sections.themeColor')}>
            <Swatches name="themeColor" colors={THEME_COLOR_PRESETS} value={c.themeColor} onPick={(v) => set({ themeColor: v })} />
            <ThemeColorInput value={c.themeColor} />
          </Section>

          <Section title={t('settings.sections.headerBg')}>
            <Swatches name="headerBg" colors={HEADER_BG_PRESETS} value={c.headerSetting.bgColor} onPick={(v) => set({ headerSetting: { bgColor: v } })} />
          </Section>

          <Section title={t('settings.sections.menuBg')}>
            <Swatches name="menuBg" colors={MENU_BG_PRESETS} value={c.menuSetting.bgColor} onPick={(v) => set({ menuSetting: { bgColor: v } })} />
          </Section>

          <Section title={t('settings.sections.permission')}>
            <SelectRow<PermissionMode>
              label={t('settings.fields.permissionMode')}
              field="permissionMode"
              hint={t('settings.hints.permissionMode')}
              value={c.permissionMode}
              options={opts('permissionMode', ['ROLE', 'ROUTE_MAPPING', 'BACK'] as const)}
              onChange={(v) => setPermissionMode(v)}
            />
            <SelectRow
              label={t('settings.fields.sessionTimeoutProcessing')}
              field="sessionTimeoutProcessing"
              value={c.sessionTimeoutProcessing}
              options={opts('sessionTimeoutProcessing', ['ROUTE_JUMP', 'PAGE_COVERAGE'] as const)}
              onChange={(v) => set({ sessionTimeoutProcessing: v })}
            />
            <NumberRow
              label={t('settings.fields.lockTime')}
              field="lockTime"
              hint={t('settings.hints.lockTime')}
              value={c.lockTime}
              {...LOCK_TIME_RANGE}
              onChange={(v) => set({ lockTime: v })}
            />
          </Section>

          <Section title={t('settings.sections.features')}>
            <SwitchRow label={t('settings.fields.menuCollapsed')} field="menuCollapsed" checked={c.menuSetting.collapsed} onChange={(v) => set({ menuSetting: { collapsed: v } })} />
            <SwitchRow label={t('settings.fields.menuAccordion')} field="menuAccordion" checked={c.menuSetting.accordion} onChange={(v) => set({ menuSetting: { accordion: v } })} />
            <NumberRow label={t('settings.fields.menuWidth')} field="menuWidth" value={c.menuSetting.menuWidth} {...MENU_WIDTH_RANGE} onChange={(v) => set({ menuSetting: { menuWidth: v } })} />
            <SwitchRow label={t('settings.fields.headerFixed')} field="headerFixed" checked={c.headerSetting.fixed} onChange={(v) => set({ headerSetting: { fixed: v } })} />
            <SwitchRow label={t('settings.fields.showSearch')} field="showSearch" checked={c.headerSetting.showSearch} onChange={(v) => set({ headerSetting: { showSearch: v } })} />
            <SwitchRow label={t('settings.fields.showFullScreen')} field="showFullScreen" checked={c.headerSetting.showFullScreen} onChange={(v) => set({ headerSetting: { showFullScreen: v } })} />
            <SwitchRow label={t('settings.fields.showLocalePicker')} field="showLocalePicker" checked={c.headerSetting.showLocalePicker} onChange={(v) => set({ headerSetting: { showLocalePicker: v } })} />
            <SelectRow label={t('settings.fields.contentMode')} field="contentMode" value={c.contentMode} options={opts('contentMode', ['full', 'fixed'] as const)} onChange={(v) => set({ contentMode: v })} />
            <SwitchRow label={t('settings.fields.multiTabsShow')} field="multiTabsShow" checked={c.multiTabsSetting.show} onChange={(v) => set({ multiTabsSetting: { show: v } })} />
            <SwitchRow label={t('settings.fields.multiTabsCache')} field="multiTabsCache" checked={c.multiTabsSetting.cache} onChange={(v) => set({ multiTabsSetting: { cache: v } })} />
            <SwitchRow label={t('settings.fields.openKeepAlive')} field="openKeepAlive" checked={c.openKeepAlive} onChange={(v) => set({ openKeepAlive: v })} />
            <SwitchRow label={t('settings.fields.useErrorHandle')} field="useErrorHandle" checked={c.useErrorHandle} onChange={(v) => set({ useErrorHandle: v })} />
            <SwitchRow label={t('settings.fields.canEmbedIFramePage')} field="canEmbedIFramePage" checked={c.canEmbedIFramePage} onChange={(v) => set({ canEmbedIFramePage: v })} />
            <SwitchRow label={t('settings.fields.useOpenBackTop')} field="useOpenBackTop" checked={c.useOpenBackTop} onChange={(v) => set({ useOpenBackTop: v })} />
            <SwitchRow
              label={t('settings.fields.showSettingButton')}
              field="showSettingButton"
              hint={t('settings.hints.showSettingButton')}
              checked={c.showSettingButton}
              onChange={(v) => set({ showSettingButton: v })}
            />
            <SelectRow
              label={t('settings.fields.settingButtonPosition')}
              field="settingButtonPosition"
              value={c.settingButtonPosition}
              options={opts('settingButtonPosition', ['auto', 'header', 'fixed'] as const)}
              onChange={(v) => set({ settingButtonPosition: v })}
            />
          </Section>

          <Section title={t('settings.sections.display')}>
            {/* Only an administrator may take the watermark off; every other account always has it. */}
            <SwitchRow
              label={t('settings.fields.showWatermark')}
              field="showWatermark"
              hint={t(admin ? 'settings.hints.showWatermark' : 'settings.hints.showWatermarkAdminOnly')}
              checked={admin ? c.showWatermark : true}
              disabled={!admin}
              onChange={(v) => set({ showWatermark: v })}
            />
            <SwitchRow label={t('settings.fields.showBreadCrumb')} field="showBreadCrumb" checked={c.showBreadCrumb} onChange={(v) => set({ showBreadCrumb: v })} />
            <SwitchRow label={t('settings.fields.showBreadCrumbIcon')} field="showBreadCrumbIcon" checked={c.showBreadCrumbIcon} onChange={(v) => set({ showBreadCrumbIcon: v })} />
            <SwitchRow label={t('settings.fields.showLogo')} field="showLogo" checked={c.showLogo} onChange={(v) => set({ showLogo: v })} />
            <SwitchRow label={t('settings.fields.showFooter')} field="showFooter" checked={c.showFooter} onChange={(v) => set({ showFooter: v })} />
            <SwitchRow label={t('settings.fields.fullContent')} field="fullContent" checked={c.fullContent} onChange={(v) => set({ fullContent: v })} />
            <SwitchRow label={t('settings.fields.grayMode')} field="grayMode" checked={c.grayMode} onChange={(v) => set({ grayMode: v })} />
            <SwitchRow label={t('settings.fields.colorWeak')} field="colorWeak" checked={c.colorWeak} onChange={(v) => set({ colorWeak: v })} />
            <SwitchRow label={t('settings.fields.showDarkModeToggle')} field="showDarkModeToggle" checked={c.showDarkModeToggle} onChange={(v) => set({ showDarkModeToggle: v })} />
          </Section>

          <Section title={t('settings.sections.animation')}>
            <SwitchRow label={t('settings.fields.transitionEnable')} field="transitionEnable" checked={c.transitionSetting.enable} onChange={(v) => set({ transitionSetting: { enable: v } })} />
            <SwitchRow label={t('settings.fields.openNProgress')} field="openNProgress" checked={c.transitionSetting.openNProgress} onChange={(v) => set({ transitionSetting: { openNProgress: v } })} />
            <SwitchRow label={t('settings.fields.openPageLoading')} field="openPageLoading" checked={c.transitionSetting.openPageLoading} onChange={(v) => set({ transitionSetting: { openPageLoading: v } })} />
            <SelectRow
              label={t('settings.fields.basicTransition')}
              field="basicTransition"
              value={c.transitionSetting.basicTransition}
              options={opts('transition', TRANSITIONS)}
              onChange={(v) => set({ transitionSetting: { basicTransition: v } })}
            />
          </Section>

          <Section title={t('settings.sections.shortcuts')}>
            {SHORTCUTS.map((k) => (
              <SwitchRow key={k.id} label={t(`settings.shortcuts.names.${k.id}`)} field={`shortcut-${k.id}`} hint={k.keys(mac).map((combo) => combo.join(' + ')).join(` ${t('settings.shortcuts.or')} `)} checked={c.shortcutSetting[k.id]} onChange={(v) => set({ shortcutSetting: { [k.id]: v } })} />
            ))}
          </Section>

          <Section title={t('settings.sections.language')}>
            <SwitchRow label={t('settings.fields.reloadOnLocaleChange')} field="reloadOnLocaleChange" checked={c.reloadOnLocaleChange} onChange={(v) => set({ reloadOnLocaleChange: v })} />
          </Section>
        </div>
        <div className="settings-actions">
          <Button icon="pi pi-copy" label={t('settings.actions.copy')} onClick={() => void copyConfig(t)} data-testid="settings-copy" />
          <Button icon="pi pi-replay" label={t('settings.actions.reset')} severity="danger" outlined onClick={confirmReset} data-testid="settings-reset" />
        </div>
        <p className="settings-note" data-testid="settings-follows-account">{t('settings.actions.followsAccount')}</p>
      </Sidebar>
    </>
  );
}

export default SettingsDrawer;
