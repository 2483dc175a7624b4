import { ResourceListPage } from '../../crud';
import resource from '../../resources/recommend/search-keyword.resource';

/** /recommend/keywords (spec §2): hot search words with sort and status. */
export default function RecommendKeywordsPage() {
  return <ResourceListPage resource={resource} />;
}
