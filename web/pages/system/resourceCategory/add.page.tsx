import { navigate } from 'wouter/use-browser-location';
import { ResourceFormPage } from '../../../crud';
import resourceCategory from '../../../resources/system/resource-category.resource';

/** /system/resourceCategory/add (spec §2, hidden; §3 key `resourceType`). */
export default function SystemResourceCategoryAddPage() {
  return <ResourceFormPage resource={resourceCategory} modify={false} onDone={() => navigate('/system/resource')} />;
}
