import Type, { type TLiteral } from 'typebox';
import { CountResult, defineAction, defineEntity } from './entity.js';
import { counterField, defineEnum, F, readOnly, withDefault } from './fields.js';

/** Social area (spec §1 "Social: comments, replies"): members' reviews and the replies under them. */

export const CommentTarget = defineEnum('commentTarget', [
  [1, 'goods', '商品', 'Goods'],
  [2, 'game', '游戏', 'Game'],
  [3, 'article', '资讯', 'Article'],
]);
export const CommentStatus = defineEnum('commentStatus', [
  [0, 'pending', '待审核', 'Pending review'],
  [1, 'approved', '已通过', 'Approved'],
  [2, 'hidden', '已隐藏', 'Hidden'],
]);
export const ReplierType = defineEnum('replierType', [
  [1, 'member', '会员', 'Member'],
  [2, 'official', '官方', 'Official'],
]);

/** A review written by a member in the shop; operators moderate (`updateStatus`) and pin it. */
export const comment = defineEntity({
  name: 'comment',
  area: 'social',
  title: { zh_CN: '评论', en: 'Comment' },
  fields: {
    memberId: readOnly(F.ref('member', { onDelete: 'cascade' })),
    nickName: readOnly(F.text(64)),
    targetType: readOnly(CommentTarget.schema()),
    targetId: readOnly(F.id()),
    targetName: readOnly(F.text(128)),
    content: F.longText(1000, { minLength: 1 }),
    rating: F.int(1, 5),
    images: withDefault(F.images(9), []),
    likeCount: counterField(),
    replyCount: counterField(),
    isTop: withDefault(F.bool(), false),
    status: withDefault(CommentStatus.schema(), 0),
    /** Why an operator hid the comment (set by `comment.moderate`, cleared when shown again). */
    hideReason: readOnly(withDefault(F.text(200), '')),
  },
  label: 'content',
  filters: { memberId: 'eq', targetType: 'eq', targetId: 'eq', rating: 'eq', status: 'eq', isTop: 'eq', createTime: 'range' },
  sortable: ['rating', 'likeCount', 'replyCount', 'createTime'],
  searchable: ['content', 'nickName', 'targetName'],
  statusField: 'status',
  ops: { add: false },
  large: true,
});

/** A reply under a comment; operators add official replies. */
export const commentReply = defineEntity({
  name: 'commentReply',
  area: 'social',
  title: { zh_CN: '评论回复', en: 'Comment reply' },
  fields: {
    commentId: F.ref('comment', { onDelete: 'cascade' }),
    replierType: withDefault(ReplierType.schema(), 2),
    memberId: readOnly(withDefault(F.int(0, 2_147_483_647, { description: 'replying member; 0 for official replies' }), 0)),
    replierName: F.name(64),
    content: F.longText(1000, { minLength: 1 }),
    status: withDefault(CommentStatus.schema(), 1),
  },
  label: 'content',
  filters: { commentId: 'eq', replierType: 'eq', memberId: 'eq', status: 'eq', createTime: 'range' },
  sortable: ['createTime'],
  searchable: ['content', 'replierName'],
  statusField: 'status',
  large: true,
});

export const ModerateAction = ['approve', 'hide', 'pin', 'unpin'] as const;
/**
 * Moderation of one or several comments (row action or batch bar): `approve` shows them, `hide`
 * hides them with a `reason` (required, shown to the operator team), `pin`/`unpin` set `isTop`.
 * All or none: an unknown id refuses the whole batch.
 */
export const ModeratePayload = Type.Object(
  {
    ids: Type.Array(F.id(), { minItems: 1, maxItems: 500, uniqueItems: true }),
    // One literal per action (anyOf of consts, as before); typed as their union for the client.
    action: Type.Union(ModerateAction.map((a) => Type.Literal(a)) as unknown as [TLiteral<(typeof ModerateAction)[number]>]),
    reason: Type.Optional(F.text(200)),
  },
  { additionalProperties: false },
);

export const socialActions = [
  defineAction({ name: 'comment.moderate', path: '/v1/comment/moderate', area: 'social', summary: 'Approve, hide (with a reason), pin or unpin several comments at once; all or none', payload: ModeratePayload, result: CountResult }),
];
