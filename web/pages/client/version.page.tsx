import { ResourceListPage } from '../../crud';
import clientVersion from '../../resources/client/client-version.resource';

/** /client/version (spec §2): app releases per platform in a drawer form; the server refuses a release not newer than the platform's current one, shown beside the field. */
export default function ClientVersionPage() {
  return <ResourceListPage resource={clientVersion} />;
}
