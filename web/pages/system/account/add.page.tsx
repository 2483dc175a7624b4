import { AccountFormPage } from '../account-form';

/** /system/account/add (spec §2, hidden). */
export default function SystemAccountAddPage() {
  return <AccountFormPage modify={false} />;
}
