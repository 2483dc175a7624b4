import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { Conflict } from '../../../server/contract/envelope';
import type { FieldSpec, Row } from '../types';
import { isBlank } from '../schema';
import { CellValue, useRefOptions } from '../fields';
import './parts.css';

/** One field of a form as the two sides of a stale save hold it, on the wire (money in cents). */
export interface ConflictField {
  spec: FieldSpec;
  label: string;
  theirs: unknown;
  mine: unknown;
}

/** The same value on the wire (absent, null and empty are one "nothing"). */
export function sameWireValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields of a form whose value the record has now (`theirs`, the 409's `conflict.record`)
 * differs from the one the form would save (`mine`, wire values), in the form's order.
 */
export function conflictFields(fields: readonly { spec: FieldSpec; label: string }[], theirs: Row, mine: Row): ConflictField[] {
  return fields.flatMap((f) => (sameWireValue(theirs[f.spec.name], mine[f.spec.name]) ? [] : [{ ...f, theirs: theirs[f.spec.name], mine: mine[f.spec.name] }]));
}

/** A value as the kit's cell of its kind draws it (money as yuan, an enum as its label, a reference as its record's label). */
function Value({ spec, value }: { spec: FieldSpec; value: unknown }) {
  const refs = useRefOptions(spec.ref ? spec : null);
  if (isBlank(value)) return <>—</>;
  return <CellValue spec={spec} row={{ [spec.name]: value }} refs={refs} />;
}

export interface ConflictDialogProps {
  /** The refused save's conflict (who changed the record, when); null hides the dialog. */
  conflict: Conflict | null;
  /** The fields whose two values differ ({@link conflictFields}). */
  fields: ConflictField[];
  /** Save the user's values again on the record as it is now (its version). */
  onKeepMine: () => void;
  /** Put the record's current values in the form (the user then saves or leaves). */
  onTakeTheirs: () => void;
  /** Load the record again and start over from it. */
  onReload: () => void;
  /** Closed without a choice: the form stays as it is. */
  onHide: () => void;
  /** A choice is under way (buttons disabled). */
  busy?: boolean;
}

/**
 * What a form shows when its save was refused as stale (contract `VERSION_RULE`, envelope code
 * 409): who changed the record and when, then field by field their value beside the user's, each
 * drawn by its kind's cell, and three ways on: keep mine, take theirs, reload.
 */
export function ConflictDialog({ conflict, fields, onKeepMine, onTakeTheirs, onReload, onHide, busy }: ConflictDialogProps) {
  const { t } = useTranslation();
  const at = conflict?.at ?? '';
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.conflict.reload')} icon="pi pi-refresh" severity="secondary" outlined disabled={busy} onClick={onReload} data-testid="conflict-reload" />
      <Button type="button" label={t('crud.conflict.takeTheirs')} severity="secondary" disabled={busy} onClick={onTakeTheirs} data-testid="conflict-take-theirs" />
      <Button type="button" label={t('crud.conflict.keepMine')} icon="pi pi-check" loading={busy} disabled={busy} onClick={onKeepMine} data-testid="conflict-keep-mine" />
    </div>
  );
  return (
    <Dialog visible={conflict !== null} onHide={onHide} header={t('crud.conflict.title')} footer={footer} style={{ width: 'min(680px, 94vw)' }} modal draggable={false} data-testid="conflict-dialog">
      <p role="status">{conflict?.by ? t('crud.conflict.intro', { by: conflict.by, at }) : t('crud.conflict.introUnknown', { at })}</p>
      {fields.length ? (
        <table className="part-conflict" data-testid="conflict-fields">
          <thead>
            <tr>
              <th scope="col">{t('crud.conflict.field')}</th>
              <th scope="col">{t('crud.conflict.theirs')}</th>
              <th scope="col">{t('crud.conflict.mine')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.spec.name} data-field={f.spec.name}>
                <th scope="row">{f.label}</th>
                <td data-side="theirs">
                  <Value spec={f.spec} value={f.theirs} />
                </td>
                <td data-side="mine">
                  <Value spec={f.spec} value={f.mine} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('crud.conflict.same')}</p>
      )}
    </Dialog>
  );
}
