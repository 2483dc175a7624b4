import { ResourceListPage } from '../../crud';
import feedbackType from '../../resources/feedback/feedback-type.resource';

/** /feedback/type (spec §2): types with add/modify in a dialog, the status switch and delete (refused while in use). */
export default function FeedbackTypePage() {
  return <ResourceListPage resource={feedbackType} />;
}
