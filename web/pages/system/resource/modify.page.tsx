import { navigate } from 'wouter/use-browser-location';
import { ResourceFormPage } from '../../../crud';
import resource from '../../../resources/system/resource.resource';

/** /system/resource/modify (spec §2, hidden; §3 key `resourceId`). */
export default function SystemResourceModifyPage() {
  return <ResourceFormPage resource={resource} modify onDone={() => navigate('/system/resource')} />;
}
