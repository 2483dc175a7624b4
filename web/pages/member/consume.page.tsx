import { ResourceListPage } from '../../crud';
import memberConsume from '../../resources/member/member-consume.resource';

/** /member/consume (spec §2): consumption history, read only, with filters and export. */
export default function MemberConsumePage() {
  return <ResourceListPage resource={memberConsume} />;
}
