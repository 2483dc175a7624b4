import { ResourceListPage } from '../../crud';
import resource from '../../resources/specialConfig/product.resource';

/** /specialConfig/product (spec §2 drawers): goods at a special price (yuan on screen, cents on the wire) for a period. */
export default function SpecialConfigProductPage() {
  return <ResourceListPage resource={resource} />;
}
