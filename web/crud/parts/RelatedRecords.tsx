import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { crudEnv } from '../env';
import { SubList } from '../SubList';
import type { RelatedList, Row } from '../types';
import { DetailSection } from './DetailView';
import './parts.css';

/**
 * Whether the user may open a screen (their built routes, `configureCrud({ useCanOpen })`): a React
 * hook. References link, and related lists load, only where it answers true, so nobody is shown a
 * section that the server would refuse.
 */
export function useCanOpen(): (path: string) => boolean {
  return crudEnv().useCanOpen();
}

/** The related lists of one record the user may open (see {@link RelatedRecords}). */
export function useVisibleRelated(related: readonly RelatedList[] | undefined): RelatedList[] {
  const canOpen = useCanOpen();
  return (related ?? []).filter((r) => !!r.resource.route && canOpen(r.resource.route));
}

/**
 * The records that name one record, each a titled section holding the kit's
 * `SubList` of the other entity filtered to this record (`{ [by]: id }`), newest first as every list.
 * Sections the user may not open are left out.
 */
export function RelatedRecords({ id, related, testId = 'related-records' }: { id: number; related: readonly RelatedList[]; testId?: string }) {
  const { t } = useTranslation();
  const shown = useVisibleRelated(related);
  return (
    <div className="part-detail" data-testid={testId}>
      {shown.map((r) => (
        <DetailSection key={`${r.resource.entity.name}-${r.by}`} title={t(r.title, { defaultValue: r.title })} testId={`related-${r.resource.entity.name}`}>
          <SubList resource={r.resource} filter={{ [r.by]: id }} columns={r.columns} pageSize={r.pageSize ?? 5} />
        </DetailSection>
      ))}
    </div>
  );
}

/** {@link RelatedRecords} of a row in a dialog titled by the record's label; closed when `row` is null. */
export function RelatedDialog({ row, labelField, related, onHide }: { row: Row | null; labelField: string; related: readonly RelatedList[]; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog visible={!!row} onHide={onHide} header={row ? t('crud.relatedTitle', { name: String(row[labelField] ?? `#${String(row.id)}`) }) : ''} style={{ width: 'min(960px, 96vw)' }} modal draggable={false} data-testid="related-dialog">
      {row && <RelatedRecords id={Number(row.id)} related={related} />}
    </Dialog>
  );
}
