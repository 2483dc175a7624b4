import { memberGrade } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /member/grade: grades with add/modify as pages (§3 key memberGradeId); the member count stays true after edits. */
export default defineResource({
  entity: memberGrade,
  permission: 'MemberGrade',
  columns: ['icon', 'gradeName', 'level', 'minGrowth', 'discount', 'memberCount', 'status', 'benefits'],
  filters: ['gradeName', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    editIdKey: 'memberGradeId',
    pages: { add: '/member/grade/add', modify: '/member/grade/modify' },
    fields: ['gradeName', 'level', 'minGrowth', 'discount', 'icon', 'status', 'benefits'],
  },
  fields: { icon: { width: 70 }, benefits: { wide: true } },
});
