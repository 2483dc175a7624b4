import Type from 'typebox';
import { CountResult, defineAction, defineEntity } from './entity.js';
import { defineEnum, F, remarkField, withDefault } from './fields.js';

/** Client area (spec §1 "Client: versions, error log"): releases of the shop apps and the errors they report. */

export const ClientPlatform = defineEnum('clientPlatform', [
  [1, 'android', 'Android', 'Android'],
  [2, 'ios', 'iOS', 'iOS'],
  [3, 'windows', 'Windows', 'Windows'],
  [4, 'mac', 'macOS', 'macOS'],
]);
export const ReleaseStatus = defineEnum('releaseStatus', [
  [0, 'draft', '草稿', 'Draft'],
  [1, 'released', '已发布', 'Released'],
  [2, 'revoked', '已撤回', 'Withdrawn'],
]);
export const ClientErrorType = defineEnum('clientErrorType', [
  [1, 'crash', '崩溃', 'Crash'],
  [2, 'anr', '无响应', 'Not responding'],
  [3, 'script', '脚本错误', 'Script error'],
  [4, 'network', '网络错误', 'Network error'],
]);
export const ClientErrorStatus = defineEnum('clientErrorStatus', [
  [0, 'new', '新问题', 'New'],
  [1, 'processing', '处理中', 'In progress'],
  [2, 'resolved', '已解决', 'Resolved'],
  [3, 'ignored', '已忽略', 'Ignored'],
]);

const VERSION_NAME = '^\\d{1,3}\\.\\d{1,3}\\.\\d{1,4}$';

export const clientVersion = defineEntity({
  name: 'clientVersion',
  area: 'client',
  title: { zh_CN: '客户端版本', en: 'Client version' },
  fields: {
    platform: ClientPlatform.schema(),
    versionName: Type.String({ pattern: VERSION_NAME, description: 'e.g. 2.14.3' }),
    versionCode: F.int(1, 2_147_483_647),
    downloadUrl: F.url(),
    fileSize: F.int(1, 10_000_000_000, { description: 'bytes' }),
    forceUpdate: withDefault(F.bool(), false),
    minVersionCode: withDefault(F.int(0, 2_147_483_647, { description: 'older clients must update; 0 = none' }), 0),
    releaseNotes: withDefault(F.longText(4000), ''),
    releaseTime: Type.Optional(F.datetime()),
    status: withDefault(ReleaseStatus.schema(), 0),
  },
  label: 'versionName',
  filters: { platform: 'eq', status: 'eq', forceUpdate: 'eq', releaseTime: 'range' },
  sortable: ['versionCode', 'releaseTime', 'createTime'],
  searchable: ['versionName', 'releaseNotes'],
  statusField: 'status',
  unique: [['platform', 'versionCode']],
});

/** An error a client reported (route /client/errorLog); identical reports are counted in `occurCount`. */
export const clientError = defineEntity({
  name: 'clientError',
  area: 'client',
  title: { zh_CN: '客户端错误', en: 'Client error' },
  fields: {
    platform: ClientPlatform.schema(),
    versionName: Type.String({ pattern: VERSION_NAME }),
    deviceModel: F.text(64),
    osVersion: F.text(32),
    errorType: ClientErrorType.schema(),
    message: F.name(500),
    stack: withDefault(F.longText(8000), ''),
    memberId: Type.Optional(F.int(1, 2_147_483_647)),
    occurTime: F.datetime(),
    occurCount: withDefault(F.int(1, 100_000_000), 1),
    status: withDefault(ClientErrorStatus.schema(), 0),
    remark: remarkField(),
  },
  label: 'message',
  filters: { platform: 'eq', versionName: 'eq', errorType: 'eq', status: 'eq', occurTime: 'range' },
  sortable: ['occurTime', 'occurCount', 'createTime'],
  defaultSort: ['occurTime', 'desc'],
  searchable: ['message', 'deviceModel'],
  statusField: 'status',
  ops: { add: false },
  large: true,
});

export const ClientErrorResolvePayload = Type.Object(
  { ids: Type.Array(F.id(), { minItems: 1, maxItems: 1000, uniqueItems: true }), remark: Type.Optional(F.text(255)) },
  { additionalProperties: false },
);

export const clientActions = [
  defineAction({
    name: 'clientError.resolve',
    path: '/v1/clientError/resolve',
    area: 'client',
    summary: 'Mark crash reports resolved (all or none: reports already resolved are refused)',
    payload: ClientErrorResolvePayload,
    result: CountResult,
  }),
];
