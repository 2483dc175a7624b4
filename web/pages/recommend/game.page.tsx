import { ResourceListPage } from '../../crud';
import resource from '../../resources/recommend/recommend-game.resource';

/** /recommend/game (spec §2): featured games by position, weight and schedule. */
export default function RecommendGamePage() {
  return <ResourceListPage resource={resource} />;
}
