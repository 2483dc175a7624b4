import { article } from '../../../server/contract/special-config';
import { defineResource } from '../../crud';

/** /specialConfig/article: news with a rich-text body (sanitized wherever shown), cover and publishing (drawer form). */
export default defineResource({
  entity: article,
  route: '/specialConfig/article',
  columns: ['id', 'cover', 'title', 'gameId', 'author', 'views', 'isTop', 'publishTime', 'status'],
  filters: ['title', 'gameId', 'author', 'isTop', 'status', 'publishTime'],
  form: { mode: 'drawer', width: 720, columns: 2, fields: ['title', 'gameId', 'author', 'cover', 'summary', 'content', 'isTop', 'publishTime', 'sort', 'status'] },
  fields: { id: { width: 80 }, cover: { width: 100 }, title: { wide: true }, publishTime: { width: 170 } },
});
