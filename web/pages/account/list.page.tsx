import { api } from '../../api/client';
import { ResourceListPage } from '../../crud';
import gameAccount from '../../resources/account/game-account.resource';
import { RevealButton } from '../inventory/parts/reveal';

/** /account/list (spec §2): game accounts with a dialog form; beyond the declaration, the write-only login password is shown on demand through the audited reveal. */
export default function AccountListPage() {
  return <ResourceListPage resource={gameAccount} rowActions={(row, ctx) => ctx.can('update') && <RevealButton path={api.gameAccount.reveal.endpoint.path} id={row.id as number} />} />;
}
