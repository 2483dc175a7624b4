import { ResourceListPage } from '../../crud';
import systemMessage from '../../resources/system/system-message.resource';

/** /system/systemMessage (spec §2): messages to console users, in a drawer form; published ones reach the header bell. */
export default function SystemMessagePage() {
  return <ResourceListPage resource={systemMessage} />;
}
