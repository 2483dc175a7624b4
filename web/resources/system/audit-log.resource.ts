import { createElement } from 'react';
import { auditLog } from '../../../server/contract/audit';
import { defineResource, OperationName } from '../../crud';

/**
 * /system/auditLog: every operator write kept by the console, newest first; read-only,
 * filterable by user, operation, area, record (id or number) and time, exported as .xlsx; an
 * operation shows its label beside its name.
 */
export default defineResource({
  entity: auditLog,
  route: '/system/auditLog',
  columns: ['createTime', 'username', 'roles', 'operation', 'targetIds', 'outcome', 'message', 'ip', 'servedBy'],
  filters: ['username', 'operation', 'area', 'entity', 'targetIds', 'outcome', 'createTime'],
  fields: { createTime: { width: 170 }, targetIds: { width: 200 }, operation: { width: 200, cell: (row) => createElement(OperationName, { operation: String(row.operation ?? '') }) } },
  actions: { export: true },
});
