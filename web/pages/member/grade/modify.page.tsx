import { useLocation } from 'wouter';
import { ResourceFormPage } from '../../../crud';
import memberGrade from '../../../resources/member/member-grade.resource';

/** /member/grade/modify (spec §2, hidden): the grade whose id is stored under §3 key `memberGradeId`, kept across reload. */
export default function MemberGradeModifyPage() {
  const [, navigate] = useLocation();
  return <ResourceFormPage resource={memberGrade} modify onDone={() => navigate('/member/grade')} />;
}
