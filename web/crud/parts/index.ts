/**
 * The kit's general parts: generic, free of any area
 * import, each with its own docstring. A guarded button that says why it is disabled, a detail view
 * with an action bar and description lists, a drag-and-drop tree and a weights editor (storefront
 * ordering), an icon picker, a date range bar with its URL state and period arithmetic (statistics),
 * avatar illustrations and initials, a live clock. Exported from the kit's index (web/crud/index.ts).
 */
export { GuardedButton } from './GuardedButton';
export { DetailView, DetailSection, DescList } from './DetailView';
export { DragTree, locate, type DragTreeNode, type DragTreeProps } from './DragTree';
export { WeightsEditor, type WeightItem } from './WeightsEditor';
export { IconPicker } from './IconPicker';
export { filterIcons, iconPage, ICON_PAGE_SIZE, ICON_SEARCH_DEBOUNCE_MS } from './icon-filter';
export { RangeBar, useUrlRange } from './RangeBar';
export { QUICK_RANGES, GRANULARITIES, quickRangeDates, readRange, writeRange, previousPeriod, changePercent, type QuickRange, type Granularity, type RangeState } from './date-range';
export { AVATAR_NAMES, avatarPath, avatarSrc, avatarLetters } from './avatars';
export { useNow, durationParts } from './use-now';
export { useConfirmAction, type ConfirmActionOptions } from './confirm-action';
export { RecordLink, useOpenRecord } from './RecordLink';
export { ImageThumbs, ImageViewer } from './ImageViewer';
export { RowActions, type RowAction } from './RowActions';
export { LinkButton, PlainRating } from './plain';
export { RelatedRecords, RelatedDialog, useCanOpen, useVisibleRelated } from './RelatedRecords';
export { AuditHistory } from './AuditHistory';
export { RevertDialog, type RevertTarget } from './RevertDialog';
export { AuditChangesTable, AuditChangeList, AuditValue, OperationName, auditChanges, useChangeLabel, useOperationLabel, type AuditChange } from './audit-changes';
export { ConflictDialog, conflictFields, sameWireValue, type ConflictDialogProps, type ConflictField } from './ConflictDialog';
export { RecordChangedNotice, useRecordChange } from './RecordChanged';
export { Watermark, watermarkImage, watermarkTime } from './Watermark';
