import { clientVersion } from '../../../server/contract/client';
import { defineResource } from '../../crud';

/** /client/version: app releases per platform; a release must be newer than the current one of its platform (checked by the server). */
export default defineResource({
  entity: clientVersion,
  permission: 'ClientVersion',
  columns: ['id', 'platform', 'versionName', 'versionCode', 'fileSize', 'forceUpdate', 'minVersionCode', 'status', 'releaseTime', 'downloadUrl'],
  filters: ['platform', 'status', 'forceUpdate', 'releaseTime'],
  form: { mode: 'drawer', columns: 2, width: 720, fields: ['platform', 'versionName', 'versionCode', 'minVersionCode', 'fileSize', 'forceUpdate', 'status', 'downloadUrl', 'releaseNotes'] },
  fields: { id: { width: 80 }, status: { kind: 'enum' }, downloadUrl: { wide: true }, releaseNotes: { wide: true }, releaseTime: { width: 170 } },
});
