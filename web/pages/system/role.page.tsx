import { ResourceListPage } from '../../crud';
import roleResource from '../../resources/system/role.resource';

/** /system/role (spec §2): roles with their account counts; add/modify as pages with the menu tree and resources. */
export default function SystemRolePage() {
  return <ResourceListPage resource={roleResource} />;
}
