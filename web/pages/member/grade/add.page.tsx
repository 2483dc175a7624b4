import { useLocation } from 'wouter';
import { ResourceFormPage } from '../../../crud';
import memberGrade from '../../../resources/member/member-grade.resource';

/** /member/grade/add (spec §2, hidden): a new grade (thresholds, discount, icon). */
export default function MemberGradeAddPage() {
  const [, navigate] = useLocation();
  return <ResourceFormPage resource={memberGrade} modify={false} onDone={() => navigate('/member/grade')} />;
}
