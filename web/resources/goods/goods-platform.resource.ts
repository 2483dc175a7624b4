import { goodsPlatform } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/** /goods/platform (spec §2): where a code redeems, with an uploaded icon; add/modify on /goods/platform/add|modify (§3 `goodsPlatformId`). */
export default defineResource({
  entity: goodsPlatform,
  route: '/goods/platform',
  columns: ['id', 'icon', 'platformName', 'platformIdentity', 'sort', 'status', 'createTime'],
  filters: ['platformName', 'status'],
  form: { mode: 'page', fields: ['platformName', 'platformIdentity', 'icon', 'sort', 'status'] },
});
