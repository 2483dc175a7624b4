import { MenuFormPage } from '../menu-form';

/** /system/menu/add (spec §2, hidden). */
export default function SystemMenuAddPage() {
  return <MenuFormPage modify={false} />;
}
