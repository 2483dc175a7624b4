import { MenuFormPage } from '../menu-form';

/** /system/menu/modify (spec §2, hidden). */
export default function SystemMenuModifyPage() {
  return <MenuFormPage modify />;
}
