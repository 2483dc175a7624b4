import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { api, apiQuery } from '../../api/client';
import { ApiError } from '../../api/http';
import { afterWrite } from '../../api/query';
import { crudEnv } from '../env';
import { AuditValue, isRichText, RichTextDiff, useChangeLabel } from './audit-changes';
import './parts.css';

/** The history entry whose version before is to be restored. */
export interface RevertTarget {
  /** The audit entry's id. */
  entryId: number;
  /** When it was made and by whom, as the history shows it. */
  createTime: string;
  username: string;
}

/**
 * The confirm dialog of "Restore this version" (docs/audit-trail.md): what restoring the record's
 * version before the chosen change would write — field by field its value now and restored, drawn
 * as the record's cells — which fields cannot be restored and why, and a warning when later changes
 * of the record left no values in the trail. Restore writes through `auditLog.revert` (the
 * entity's update as the user, with the version the preview read); a refusal (no permission, the
 * record changed since: 409 with who and when) is shown in the dialog and nothing is changed, and a
 * stale preview is read again. `onDone` runs after a restore; the record's cached reads are dropped.
 */
export function RevertDialog({ entity, recordId, target, onHide, onDone }: { entity: string; recordId: number; target: RevertTarget | null; onHide: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const label = useChangeLabel(entity);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const payload = { id: target?.entryId ?? 0, recordId };
  const preview = useQuery({ ...apiQuery(api.auditLog.revertPreview, payload, { errorMode: 'none' }), enabled: target !== null, staleTime: 0, gcTime: 0, retry: false });
  const p = preview.data;
  const hide = () => {
    setRefusal(null);
    onHide();
  };
  const restore = async () => {
    if (!p || p.version === null || !target) return;
    setBusy(true);
    setRefusal(null);
    try {
      await api.auditLog.revert({ id: target.entryId, recordId, version: p.version }, { errorMode: 'none' });
      await afterWrite(entity, 'update');
      crudEnv().notify(t('parts.history.restored'), 'success');
      setBusy(false);
      hide();
      onDone?.();
    } catch (e) {
      setBusy(false);
      setRefusal(e instanceof Error ? e.message : String(e));
      // The record changed since the preview: show what a restore would write now.
      if (e instanceof ApiError && e.code === 409) void preview.refetch();
    }
  };
  const error = preview.error ? (preview.error as Error).message : null;
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.cancel')} severity="secondary" outlined disabled={busy} onClick={hide} data-testid="revert-cancel" />
      <Button type="button" label={t('parts.history.restore')} icon="pi pi-history" loading={busy} disabled={busy || !p || !p.changes.length || p.version === null} onClick={() => void restore()} data-testid="revert-confirm" />
    </div>
  );
  return (
    <Dialog visible={target !== null} onHide={hide} header={t('parts.history.restoreTitle')} footer={footer} style={{ width: 'min(680px, 94vw)' }} modal draggable={false} data-testid="revert-dialog">
      {target && <p>{t('parts.history.restoreIntro', { at: target.createTime, by: target.username || '—' })}</p>}
      {refusal && <Message severity="error" text={refusal} className="w-full" data-testid="revert-refusal" />}
      {error ? (
        <Message severity="error" text={error} className="w-full" data-testid="revert-refusal" />
      ) : !p ? (
        <div aria-busy="true" />
      ) : (
        <>
          {p.changes.length ? (
            <table className="part-revert-changes" data-testid="revert-changes">
              <thead>
                <tr>
                  <th scope="col">{t('parts.history.field')}</th>
                  <th scope="col">{t('parts.history.now')}</th>
                  <th scope="col">{t('parts.history.restoredValue')}</th>
                </tr>
              </thead>
              <tbody>
                {p.changes.map((c) => (
                  <tr key={c.field} data-field={c.field}>
                    <th scope="row">{label(c.field)}</th>
                    {/* A rich text as a word diff from now to restored; anything else as its cell. */}
                    {isRichText(entity, c.field) ? (
                      <>
                        <td><RichTextDiff before={c.now} after={c.restored} side="del" /></td>
                        <td><RichTextDiff before={c.now} after={c.restored} side="ins" /></td>
                      </>
                    ) : (
                      <>
                        <td><del><AuditValue entity={entity} field={c.field} value={c.now} /></del></td>
                        <td><ins><AuditValue entity={entity} field={c.field} value={c.restored} /></ins></td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p data-testid="revert-nothing">{t('parts.history.restoreNothing')}</p>
          )}
          {p.skipped.length > 0 && (
            <p className="part-hint" data-testid="revert-skipped">
              {t('parts.history.restoreSkipped', { fields: p.skipped.map((s) => t('parts.history.skippedField', { label: label(s.field), reason: t(`parts.history.skip.${s.reason}`) })).join(t('parts.history.listSeparator')) })}
            </p>
          )}
          {p.unknown > 0 && <Message severity="warn" text={t('parts.history.restoreUnknown', { count: p.unknown })} className="w-full" data-testid="revert-unknown" />}
        </>
      )}
    </Dialog>
  );
}
