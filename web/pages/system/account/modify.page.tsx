import { AccountFormPage } from '../account-form';

/** /system/account/modify (spec §2, hidden; the record from the §3 key `accountId`). */
export default function SystemAccountModifyPage() {
  return <AccountFormPage modify />;
}
