import { cdkPlatform } from '../../../server/contract/cdk';
import { defineResource } from '../../crud';

/** /cdk/platform: partner platforms; each row opens its codes (/cdk/platform/list). */
export default defineResource({
  entity: cdkPlatform,
  permission: 'CdkPlatform',
  columns: ['id', 'platformName', 'platformCode', 'contactName', 'contactPhone', 'balance', 'codeCount', 'status', 'createTime'],
  filters: ['keyword', 'platformCode', 'status'],
  form: { mode: 'dialog', columns: 2, width: 760, fields: ['platformName', 'platformCode', 'contactName', 'contactPhone', 'apiUrl', 'balance', 'status', 'remark'] },
  fields: { id: { width: 80 }, apiUrl: { wide: true }, remark: { wide: true }, createTime: { width: 170 } },
});
