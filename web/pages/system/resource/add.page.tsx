import { navigate } from 'wouter/use-browser-location';
import { ResourceFormPage } from '../../../crud';
import resource from '../../../resources/system/resource.resource';

/** /system/resource/add (spec §2, hidden; §3 key `resourceId`). */
export default function SystemResourceAddPage() {
  return <ResourceFormPage resource={resource} modify={false} onDone={() => navigate('/system/resource')} />;
}
