/** The CRUD kit (issue 4): declare a resource, mount its list page; see README.md. */
export { defineResource, fieldSpec, kindOf, enumOptions, enumLabel, validatePayload, fieldOfServerMessage, toPayload, centsToYuan, yuanToCents } from './schema';
export type { Resource, ResourceDecl, FieldKind, FieldOverride, FormMode } from './types';
export { ResourceListPage, type ListContext, type ResourceListPageProps } from './ResourceListPage';
export { ResourceForm, ResourceFormPage } from './ResourceForm';
export { FieldInput, CellValue, useFieldLabel, useRefOptions, DATETIME_FORMAT } from './fields';
export { callOp, refOptions, invalidateRefs, editId, type Page, type RefOption } from './api';
export { configureCrud } from './env';
export { saveBlob } from './save';
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, parseListQuery, listQueryString, listRequest } from './query-state';
