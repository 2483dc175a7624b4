import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ResourceListPage } from '../../crud';
import cardSetting from '../../resources/inventory/card-setting.resource';
import './parts/parts.css';

type Row = Record<string, unknown>;
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A sample code as the setting would generate it: the prefix, then random letters and digits up to `codeLength` (no 0/O/1/I). */
function sampleCode(prefix: string, length: number, random: () => number = Math.random): string {
  let s = prefix;
  while (s.length < length) s += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return s.slice(0, Math.max(length, prefix.length));
}

/**
 * /inventory/cardSetting (spec §2): how codes are generated and delivered per goods. Beyond the
 * declaration: a preview of a generated code and of the delivery text filled with it.
 */
export default function CardSettingPage() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ row: Row; code: string; secret: string } | null>(null);
  const open = (row: Row) => setPreview({ row, code: sampleCode(String(row.codePrefix ?? ''), Number(row.codeLength ?? 16)), secret: sampleCode('', 16) });
  const text = preview
    ? String(preview.row.deliveryTemplate ?? '')
        .replace(/\{goodsName\}/g, String(preview.row.settingName ?? ''))
        .replace(/\{cardNo\}/g, preview.code)
        .replace(/\{cardSecret\}/g, preview.secret)
    : '';
  return (
    <>
      <ResourceListPage resource={cardSetting} rowActions={(row) => <Button label={t('inventory.setting.preview')} link size="small" onClick={() => open(row)} data-testid="setting-preview" />} />
      <Dialog visible={!!preview} onHide={() => setPreview(null)} header={t('inventory.setting.previewTitle')} style={{ width: 'min(520px, 94vw)' }} modal draggable={false} data-testid="setting-preview-dialog">
        {preview && (
          <dl className="inv-detail">
            <dt>{t('resources.card.fields.cardNo')}</dt>
            <dd><code data-testid="setting-sample">{preview.code}</code></dd>
            <dt>{t('resources.cardSetting.fields.validDays')}</dt>
            <dd>{Number(preview.row.validDays) ? t('inventory.setting.days', { count: Number(preview.row.validDays) }) : t('inventory.setting.never')}</dd>
            <dt>{t('resources.cardSetting.fields.deliveryTemplate')}</dt>
            <dd>{text || '—'}</dd>
            <dd style={{ gridColumn: '1 / -1' }}>
              <Button label={t('inventory.setting.again')} icon="pi pi-refresh" size="small" text onClick={() => open(preview.row)} />
            </dd>
          </dl>
        )}
      </Dialog>
    </>
  );
}
