import { RoleFormPage } from '../role-form';

/** /system/role/modify (spec §2, hidden; §3 key `roleId`). */
export default function SystemRoleModifyPage() {
  return <RoleFormPage modify />;
}
