import { navigate } from 'wouter/use-browser-location';
import { ResourceFormPage } from '../../../crud';
import resourceCategory from '../../../resources/system/resource-category.resource';

/** /system/resourceCategory/modify (spec §2, hidden; §3 key `resourceType`). */
export default function SystemResourceCategoryModifyPage() {
  return <ResourceFormPage resource={resourceCategory} modify onDone={() => navigate('/system/resource')} />;
}
