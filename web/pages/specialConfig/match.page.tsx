import { ResourceListPage } from '../../crud';
import resource from '../../resources/specialConfig/match.resource';

/** /specialConfig/match (spec §2 drawers): matches with teams, time, stream URL and cover. */
export default function SpecialConfigMatchPage() {
  return <ResourceListPage resource={resource} />;
}
