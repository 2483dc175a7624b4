import { ResourceListPage } from '../../crud';
import resource from '../../resources/operate/link.resource';

/** /operate/link (spec §2): friendly links with the modify drawer (logo, URL checked by the §5 URL rule), status switch, export. */
export default function OperateLinkPage() {
  return <ResourceListPage resource={resource} />;
}
