import { cardSetting } from '../../../server/contract/inventory';
import { defineResource } from '../../crud';

/** /inventory/cardSetting: how codes of a goods are generated and delivered; dialog form with a status switch. */
export default defineResource({
  entity: cardSetting,
  permission: 'InventoryCardSetting',
  columns: ['id', 'settingName', 'goodsId', 'cardType', 'codePrefix', 'codeLength', 'validDays', 'autoDelivery', 'status', 'updateTime'],
  filters: ['settingName', 'goodsId', 'cardType', 'status'],
  form: { mode: 'dialog', columns: 2, width: 760, fields: ['settingName', 'goodsId', 'cardType', 'codePrefix', 'codeLength', 'validDays', 'autoDelivery', 'status', 'deliveryTemplate'] },
  fields: { id: { width: 80 }, deliveryTemplate: { wide: true }, updateTime: { width: 170 } },
});
