import { ResourceListPage } from '../../crud';
import resource from '../../resources/specialConfig/video.resource';

/** /specialConfig/video (spec §2 drawers): videos with URL, duration and cover. */
export default function SpecialConfigVideoPage() {
  return <ResourceListPage resource={resource} />;
}
