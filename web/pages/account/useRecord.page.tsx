import { ResourceListPage } from '../../crud';
import useRecord from '../../resources/account/use-record.resource';

/** /account/useRecord (spec §2): who used which account when; a declaration only. */
export default function AccountUseRecordPage() {
  return <ResourceListPage resource={useRecord} />;
}
