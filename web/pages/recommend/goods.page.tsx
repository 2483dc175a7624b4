import { ResourceListPage } from '../../crud';
import resource from '../../resources/recommend/recommend-goods.resource';

/** /recommend/goods (spec §2): featured goods by position, weight and schedule. */
export default function RecommendGoodsPage() {
  return <ResourceListPage resource={resource} />;
}
