import { RoleFormPage } from '../role-form';

/** /system/role/add (spec §2, hidden; §3 key `roleId`). */
export default function SystemRoleAddPage() {
  return <RoleFormPage modify={false} />;
}
