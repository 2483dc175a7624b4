import { video } from '../../../server/contract/special-config';
import { defineResource } from '../../crud';

const mmss = (s: unknown) => (typeof s === 'number' ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : '');

/** /specialConfig/video: videos with URL and duration (seconds, shown m:ss) and cover (drawer form). */
export default defineResource({
  entity: video,
  route: '/specialConfig/video',
  columns: ['id', 'cover', 'title', 'gameId', 'videoUrl', 'duration', 'views', 'sort', 'status', 'createTime'],
  filters: ['title', 'gameId', 'status', 'createTime'],
  form: { mode: 'drawer', width: 560, fields: ['title', 'gameId', 'cover', 'videoUrl', 'duration', 'sort', 'status'] },
  fields: { id: { width: 80 }, cover: { width: 100 }, duration: { width: 100, cell: (r) => mmss(r.duration) }, createTime: { width: 170 } },
});
