import { CdkCodesPage } from '../codes';
import { OWNERS } from '../owners';

/** The codes of one owner (spec §2 hidden route; reached from the master row, deep-linkable, reload keeps the owner). */
export default function CdkPlatformListPage() {
  return <CdkCodesPage owner={OWNERS.platform} />;
}
