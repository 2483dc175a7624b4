import Type from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { defineEnum, enabledField, F, readOnly, remarkField, sortField, withDefault } from './fields.js';

/**
 * Feedback area (spec §1 "Feedback: list, types, replies, words, award/winner activity", §2 /feedback,
 * §7 rows /v1/feedback/*, /v1/feedbackType/*, /v1/replay/*, /v1/feedbackAward/*). These are the only
 * entities whose paths the specification shows, so their endpoints are exactly the spec's, including
 * its spelling (`replay` for reply) and the two defined-but-unused ones (`feedback/update`, `feedbackType/info`).
 * `feedbackType/del` and everything about `feedbackWords` are ours, in the same style.
 */

export const FeedbackStatus = defineEnum('feedbackStatus', [
  [0, 'pending', '待处理', 'Pending'],
  [1, 'replied', '已回复', 'Replied'],
  [2, 'closed', '已关闭', 'Closed'],
]);
export const FeedbackSource = defineEnum('feedbackSource', [
  [1, 'app', 'App', 'App'],
  [2, 'web', '网页', 'Web'],
  [3, 'miniProgram', '小程序', 'Mini program'],
]);
export const FeedbackWordType = defineEnum('feedbackWordType', [
  [1, 'sensitive', '敏感词', 'Sensitive word'],
  [2, 'blocked', '屏蔽词', 'Blocked word'],
  [3, 'hot', '热词', 'Hot word'],
]);
export const AwardStatus = defineEnum('awardStatus', [
  [0, 'pending', '待发放', 'To be issued'],
  [1, 'issued', '已发放', 'Issued'],
  [2, 'void', '已作废', 'Void'],
]);

/** Kinds of feedback a member can pick; `status` is what `updateStatus` toggles (spec §4). */
export const feedbackType = defineEntity({
  name: 'feedbackType',
  area: 'feedback',
  title: { zh_CN: '反馈类型', en: 'Feedback type' },
  fields: {
    typeName: F.name(32),
    description: remarkField(),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'typeName',
  filters: { typeName: 'like', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['typeName']],
});

/** A member's feedback; members submit it from the apps, operators reply (`/v1/feedback/replay`). */
export const feedback = defineEntity({
  name: 'feedback',
  area: 'feedback',
  title: { zh_CN: '意见反馈', en: 'Feedback' },
  fields: {
    memberId: F.ref('member'),
    nickName: readOnly(F.text(64, { description: "the member's nickname when the feedback was sent" })),
    typeId: F.ref('feedbackType'),
    content: F.longText(2000, { minLength: 1 }),
    images: withDefault(F.images(6), []),
    contact: remarkField(64),
    source: FeedbackSource.schema(),
    clientVersion: remarkField(32),
    status: withDefault(FeedbackStatus.schema(), 0),
    replyContent: Type.Optional(readOnly(F.longText(2000))),
    replyTime: Type.Optional(readOnly(F.datetime())),
    replyAdmin: Type.Optional(readOnly(F.text(64))),
    remark: remarkField(),
  },
  label: 'content',
  filters: { memberId: 'eq', typeId: 'eq', status: 'eq', source: 'eq', createTime: 'range' },
  sortable: ['createTime', 'replyTime'],
  searchable: ['content', 'nickName', 'contact'],
  ops: { list: 'findAll', listAll: false, info: false, add: false, updateStatus: false },
});

/** Reply templates operators pick from when replying (spec §7 `/v1/replay/*`). */
export const replay = defineEntity({
  name: 'replay',
  area: 'feedback',
  title: { zh_CN: '快捷回复', en: 'Reply template' },
  fields: {
    title: F.name(64),
    content: F.longText(1000, { minLength: 1 }),
    typeId: Type.Optional(F.ref('feedbackType', { description: 'the feedback type it suits; none = any' })),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'title',
  filters: { title: 'like', typeId: 'eq', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  searchable: ['title', 'content'],
  ops: { listAll: false, info: false, updateStatus: false },
});

/** Words screened in feedback text (route /feedback/words). */
export const feedbackWords = defineEntity({
  name: 'feedbackWords',
  area: 'feedback',
  title: { zh_CN: '反馈词库', en: 'Feedback words' },
  fields: {
    word: F.name(32),
    wordType: FeedbackWordType.schema(),
    replacement: withDefault(F.text(32), '***'),
    hitCount: readOnly(withDefault(F.int(), 0)),
    status: enabledField(),
  },
  label: 'word',
  filters: { word: 'like', wordType: 'eq', status: 'eq' },
  sortable: ['hitCount', 'createTime'],
  statusField: 'status',
  unique: [['word']],
});

/**
 * Winners of a feedback award activity (route /feedback/activity). They arrive by spreadsheet
 * (`importAwardExcel`); the spec shows only list, delete, import and the template export.
 */
export const feedbackAward = defineEntity({
  name: 'feedbackAward',
  area: 'feedback',
  title: { zh_CN: '反馈获奖名单', en: 'Feedback award winner' },
  fields: {
    activityName: F.name(64),
    memberId: F.ref('member'),
    nickName: F.name(64),
    phone: F.phone(),
    awardName: F.name(64),
    awardLevel: F.int(1, 10, { description: '1 = first prize' }),
    status: withDefault(AwardStatus.schema(), 0),
    remark: remarkField(),
  },
  label: 'nickName',
  filters: { activityName: 'like', memberId: 'eq', awardLevel: 'eq', status: 'eq', createTime: 'range' },
  sortable: ['awardLevel', 'createTime'],
  searchable: ['nickName', 'phone', 'awardName', 'activityName'],
  ops: { list: 'getAwardList', del: 'delAwardByIds', listAll: false, info: false, add: false, update: false, updateStatus: false },
});

/** Spreadsheet columns of the award import and export, in order (header text is the zh_CN title). */
export const AWARD_COLUMNS = [
  { field: 'activityName', zh_CN: '活动名称', en: 'Activity' },
  { field: 'memberId', zh_CN: '会员ID', en: 'Member ID' },
  { field: 'nickName', zh_CN: '会员昵称', en: 'Nickname' },
  { field: 'phone', zh_CN: '手机号', en: 'Phone' },
  { field: 'awardName', zh_CN: '奖品名称', en: 'Award' },
  { field: 'awardLevel', zh_CN: '奖项等级', en: 'Award level' },
  { field: 'remark', zh_CN: '备注', en: 'Remark' },
] as const;

export const FeedbackReplyPayload = Type.Object(
  { id: F.id(), replyContent: F.longText(2000, { minLength: 1, pattern: '\\S' }), close: Type.Optional(F.bool({ description: 'also close the feedback' })) },
  { additionalProperties: false },
);
export const AwardImportFields = Type.Object(
  { activityName: Type.Optional(F.name(64, { description: 'used for rows whose activity cell is empty' })) },
  { additionalProperties: false },
);
export const AwardImportResult = Type.Object({ count: Type.Integer({ minimum: 0 }), activityNames: Type.Array(Type.String()) });
export const AwardExportPayload = Type.Object(
  {
    template: Type.Optional(F.bool({ description: 'true (or no payload): the empty template' })),
    ids: Type.Optional(Type.Array(F.id(), { maxItems: 10000, uniqueItems: true })),
    activityName: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const feedbackActions = [
  defineAction({
    record: { entity: feedback }, name: 'feedback.replay',
    path: '/v1/feedback/replay',
    area: 'feedback',
    summary: 'Reply to a feedback: stores the reply, marks it replied (or closed) and records who replied',
    payload: FeedbackReplyPayload,
    result: feedback.schemas.record,
  }),
  defineAction({
    name: 'feedbackAward.importAwardExcel',
    path: '/api/v1/feedbackAward/importAwardExcel',
    kind: 'upload',
    area: 'feedback',
    summary: 'Import winners from an .xlsx sheet (columns as the template). All rows or none: a bad row is refused with its row number',
    payload: AwardImportFields,
    fileField: 'file',
    result: AwardImportResult,
  }),
  defineAction({
    name: 'feedbackAward.exportAwardExcel',
    path: '/v1/feedbackAward/exportAwardExcel',
    kind: 'download',
    area: 'feedback',
    summary: 'The award spreadsheet: the empty template without payload, else the winners chosen by ids or activity',
    payload: AwardExportPayload,
    payloadOptional: true,
    produces: XLSX,
  }),
];

