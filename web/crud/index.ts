/** The CRUD kit: declare a resource, mount its list page or compose the parts; see README.md. */
export { defineResource, routeName, fieldSpec, schemaFieldSpec, kindOf, enumOptions, enumLabel, validatePayload, fieldOfServerMessage, serverFieldText, toPayload, toFormValues, defaultValues, centsToYuan, yuanToCents, isBlank } from './schema';
export type { Resource, ResourceDecl, RelatedList, FieldKind, FieldOverride, FormMode, FormDecl, FormSection, FieldKey, FilterKey, FieldSpec, InputProps, Row } from './types';
export { ResourceListPage, useFormOpener, type ListContext, type ResourceListPageProps } from './ResourceListPage';
export { ResourceForm, ResourceFormPage, type ResourceFormProps } from './ResourceForm';
export { FieldInput, CellValue, useFieldLabel, useRefOptions, useRefMaps, DATETIME_FORMAT } from './fields';
export { KINDS, registerKind, widthOf, renderCell, type KindDef, type CellProps } from './kinds';
export { useRefOptionsOf, useListEvery, useRemoteLabels } from './queries';
export { SubList, type SubListProps } from './SubList';
export { useListController, type ListController, type ListControllerOptions, type ListAllow } from './useListController';
export { SearchForm, ListToolbar, ListTable, BatchBar, listContext, type ListTableProps } from './list-parts';
export { callOp, readOp, refOptions, refOptionsQuery, invalidateRefs, listEvery, listEveryQuery, searchOptions, labelOf, labelQuery, uploadFiles, editId, EDIT_ID_KEYS, type Page, type RefOption } from './api';
export { offerUndo, undoDelete, undoStatus, UNDO_MS } from './undo';
export { SafeHtml, sanitizeHtml, htmlText } from './safe-html';
export { buildTree, subtreeIds, type RowNode } from './tree';
export { useLeaveGuard } from './leave-guard';
export { ImageInput } from './inputs/image';
export { configureCrud } from './env';
export { saveBlob } from './save';
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, parseListQuery, listQueryString, listRequest, type ListState } from './query-state';
export { ActionDialog, type ActionDialogProps, type ActionField, type ActionCall } from './ActionDialog';
export { FormField, schemaResolver, serverErrorOnField, type FormFieldProps, type SchemaResolverOptions } from './form-engine';
export { FilterBar, type FilterBarProps, type FilterField } from './FilterBar';
export { kindDef, formValue, wireValue, urlValue, exportValue, type KindContext } from './kinds';
export {
  GuardedButton, DetailView, DetailSection, DescList, DragTree, locate, WeightsEditor, IconPicker, filterIcons, iconPage, ICON_PAGE_SIZE, ICON_SEARCH_DEBOUNCE_MS,
  RangeBar, useUrlRange, QUICK_RANGES, GRANULARITIES, quickRangeDates, readRange, writeRange, previousPeriod, changePercent, AVATAR_NAMES, avatarPath, avatarSrc, avatarLetters, useNow, durationParts, useConfirmAction, AuditHistory,
  AuditChangesTable, AuditChangeList, AuditValue, OperationName, auditChanges, useChangeLabel, useOperationLabel,
  RecordLink, useOpenRecord, ImageThumbs, ImageViewer, RowActions, LinkButton, PlainRating, RelatedRecords, RelatedDialog, useCanOpen, useVisibleRelated,
  ConflictDialog, conflictFields, RecordChangedNotice, useRecordChange, Watermark, watermarkImage, watermarkTime,
} from './parts';
export { LiveListBar, useLiveList, useRowMarkTexts, type LiveList, type RowMark } from './live-list';
export type { DragTreeNode, DragTreeProps, WeightItem, QuickRange, Granularity, RangeState, ConfirmActionOptions, RowAction, AuditChange, ConflictDialogProps, ConflictField } from './parts';
export { useRecordId, useRecordTitle } from './record-tab';
export { RECORD_QUERY, recordPath, recordIdOf, RECORD_ROUTES, recordTarget, fieldLink, cellTarget, type RecordRoute, type RecordTarget, type FieldLink } from './record-links';
