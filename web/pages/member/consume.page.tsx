import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../crud';
import { ListMoneyRange } from '../../parts';
import memberConsume from '../../resources/member/member-consume.resource';

/** /member/consume (spec §2): consumption history, read only, with filters and export. */
export default function MemberConsumePage() {
  const { t } = useTranslation();
  return <ResourceListPage resource={memberConsume} toolbar={(ctx) => <ListMoneyRange ctx={ctx} field="amount" id="consume-amount" label={t('resources.memberConsume.fields.amount')} />} />;
}
