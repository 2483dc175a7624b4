import { ResourceListPage } from '../../crud';
import memberGrade from '../../resources/member/member-grade.resource';

/** /member/grade (spec §2): grades with their member counts; add/modify open the grade pages (§3 key memberGradeId). */
export default function MemberGradePage() {
  return <ResourceListPage resource={memberGrade} />;
}
