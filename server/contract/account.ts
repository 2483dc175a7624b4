import Type from 'typebox';
import { defineAction, defineEntity, IdPayload, writeOnly } from './entity.js';
import { counterField, defineEnum, F, readOnly, remarkField, withDefault } from './fields.js';

/**
 * Account area (spec §1 "Account: game accounts, use records, statistics"; §3 stored key accountId):
 * the platform's own game accounts, lent out by the hour, and who used which when.
 */

export const GameAccountStatus = defineEnum('gameAccountStatus', [
  [0, 'idle', '空闲', 'Idle'],
  [1, 'inUse', '使用中', 'In use'],
  [2, 'locked', '已锁定', 'Locked'],
  [3, 'disabled', '已停用', 'Disabled'],
]);
export const UseRecordStatus = defineEnum('useRecordStatus', [
  [0, 'inUse', '使用中', 'In use'],
  [1, 'finished', '已结束', 'Finished'],
  [2, 'abnormal', '异常', 'Abnormal'],
]);

export const gameAccount = defineEntity({
  name: 'gameAccount',
  area: 'account',
  title: { zh_CN: '游戏账号', en: 'Game account' },
  fields: {
    gameId: F.ref('game'),
    account: F.name(64),
    password: writeOnly(F.password()),
    serverName: remarkField(32),
    level: withDefault(F.int(1, 999), 1),
    roleDesc: remarkField(),
    hourlyPrice: F.money(),
    deposit: withDefault(F.money(), 0),
    useCount: counterField(),
    lastUseTime: Type.Optional(readOnly(F.datetime())),
    status: withDefault(GameAccountStatus.schema(), 0),
    remark: remarkField(),
  },
  label: 'account',
  filters: { gameId: 'eq', account: 'like', status: 'eq', hourlyPrice: 'range', createTime: 'range' },
  sortable: ['level', 'hourlyPrice', 'useCount', 'lastUseTime', 'createTime'],
  searchable: ['account', 'serverName', 'roleDesc'],
  statusField: 'status',
  unique: [['gameId', 'account']],
});

/** One use of a game account; `durationMinutes` is derived from the times when it ends. */
export const accountUseRecord = defineEntity({
  name: 'accountUseRecord',
  area: 'account',
  title: { zh_CN: '账号使用记录', en: 'Account use record' },
  fields: {
    accountId: F.ref('gameAccount', { onDelete: 'cascade' }),
    account: readOnly(F.text(64)),
    gameId: readOnly(F.ref('game')),
    memberId: F.ref('member'),
    startTime: F.datetime(),
    endTime: Type.Optional(F.datetime()),
    durationMinutes: counterField(),
    amount: withDefault(F.money(), 0),
    status: withDefault(UseRecordStatus.schema(), 0),
    remark: remarkField(),
  },
  label: 'account',
  filters: { accountId: 'eq', gameId: 'eq', memberId: 'eq', status: 'eq', startTime: 'range' },
  sortable: ['startTime', 'durationMinutes', 'amount', 'createTime'],
  searchable: ['account'],
  defaultSort: ['startTime', 'desc'],
  statusField: 'status',
  large: true,
});

export const AccountStatisticsPayload = Type.Object(
  { gameId: Type.Optional(F.id()), startDate: Type.Optional(F.date()), endDate: Type.Optional(F.date()) },
  { additionalProperties: false },
);
export const AccountStatisticsResult = Type.Object({
  accountTotal: Type.Integer(),
  byStatus: Type.Array(Type.Object({ status: GameAccountStatus.schema(), count: Type.Integer() })),
  useCount: Type.Integer(),
  useMinutes: Type.Integer(),
  income: F.money(),
  byGame: Type.Array(Type.Object({ gameId: Type.Integer(), gameName: Type.String(), accounts: Type.Integer(), uses: Type.Integer(), minutes: Type.Integer(), income: F.money() })),
});

export const accountActions = [
  defineAction({
    name: 'gameAccount.statistics',
    path: '/v1/gameAccount/statistics',
    area: 'account',
    summary: 'Account statistics (route /account/statistics): accounts by status, uses, minutes and income per game',
    payload: AccountStatisticsPayload,
    payloadOptional: true,
    result: AccountStatisticsResult,
  }),
  defineAction({
    name: 'gameAccount.reveal',
    path: '/v1/gameAccount/reveal',
    area: 'account',
    summary: 'Show one game account\'s login password; the reveal is written to the inventory audit trail',
    payload: IdPayload,
    result: Type.Object({ id: Type.Integer(), label: Type.String(), secret: Type.String() }),
  }),
];
