import { CdkCodesPage } from '../codes';
import { OWNERS } from '../owners';

/** The codes of one owner (spec §2 hidden route; reached from the master row, deep-linkable, reload keeps the owner). */
export default function CdkWechatListPage() {
  return <CdkCodesPage owner={OWNERS.activity} />;
}
