import { describe, expect, test } from 'vitest';
import type { TSchema } from 'typebox';
import { feedback, feedbackAward, feedbackType, feedbackWords, FeedbackReplyPayload } from '../../server/contract/feedback.js';
import { ENTITIES } from '../../server/contract/index.js';
import { centsToYuan, defaultValues, defineResource, enumLabel, enumOptions, fieldOfServerMessage, fieldSpec, kindOf, serverFieldText, toFormValues, toPayload, validatePayload, validationKey, yuanToCents } from '../../web/crud/schema.js';
import { toOption } from '../../web/crud/api.js';

const typeRes = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['typeName', 'status'], form: { mode: 'dialog', fields: ['typeName', 'description', 'sort', 'status'] } });

describe('field kinds from the contract', () => {
  test('each field builder maps to its widget', () => {
    expect(fieldSpec(typeRes, 'typeName').kind).toBe('string');
    expect(fieldSpec(typeRes, 'status').kind).toBe('status');
    expect(fieldSpec(typeRes, 'sort').kind).toBe('int');
    expect(fieldSpec(typeRes, 'createTime').kind).toBe('datetime');
    const fb = defineResource({ entity: feedback, permission: 'FeedbackIndex', columns: ['typeId', 'content', 'images', 'source', 'status'] });
    expect(['typeId', 'content', 'images', 'source', 'status'].map((f) => fieldSpec(fb, f).kind)).toEqual(['ref', 'text', 'images', 'enum', 'enum']);
    expect(fieldSpec(fb, 'typeId').ref).toBe('feedbackType');
    expect(kindOf({ type: 'integer', 'x-kind': 'money' })).toBe('money');
    expect(kindOf({ type: 'boolean' })).toBe('boolean');
  });

  test('every field of every contract entity gets a kind the kit can render', () => {
    const kinds = new Set<string>();
    for (const e of ENTITIES) for (const [name, s] of Object.entries(e.fields)) kinds.add(kindOf(s as unknown as Record<string, unknown>, e.statusField === name));
    expect([...kinds].every((k) => ['string', 'text', 'richText', 'int', 'money', 'percent', 'enum', 'status', 'boolean', 'datetime', 'date', 'ref', 'refs', 'image', 'images', 'url', 'color', 'password', 'strings'].includes(k))).toBe(true);
  });

  test('a declaration naming an unknown field fails on load', () => {
    // @ts-expect-error a typo in a column key fails tsc (typed keys) and the load (defineResource)
    expect(() => defineResource({ entity: feedbackType, permission: 'X', columns: ['typeNme'] })).toThrow(/feedbackType.*typeNme/);
  });

  test('filters must be list-query filters and form fields writable', () => {
    expect(() => defineResource({ entity: feedbackType, permission: 'X', columns: [], filters: ['sort'] })).toThrow(/"sort" is not a filter/);
    expect(() => defineResource({ entity: feedbackType, permission: 'X', columns: [], filters: ['keyword'] })).toThrow(/keyword/);
    expect(() => defineResource({ entity: feedbackWords, permission: 'X', columns: [], form: { mode: 'dialog', fields: ['hitCount'] } })).toThrow(/not writable/);
  });

  test('the feedback declarations load and stay short', async () => {
    const fs = await import('node:fs');
    const dir = 'web/resources/feedback';
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.resource.ts'));
    expect(files.length).toBe(5);
    for (const f of files) {
      const mod = (await import(`../../${dir}/${f}`)) as { default: { kind: string } };
      expect(mod.default.kind).toBe('resource');
      expect(fs.readFileSync(`${dir}/${f}`, 'utf8').split('\n').length).toBeLessThan(40);
    }
  });

  test('an override wins over the schema (members are too many for a picker)', () => {
    const r = defineResource({ entity: feedbackAward, permission: 'FeedbackActivity', columns: ['memberId'], fields: { memberId: { kind: 'int' } } });
    expect(fieldSpec(r, 'memberId').kind).toBe('int');
  });
});

describe('enumerations and money', () => {
  test('labels follow the current language', () => {
    expect(enumOptions('feedbackWordType', 'en').map((o) => o.label)).toEqual(['Sensitive word', 'Blocked word', 'Hot word']);
    expect(enumLabel('feedbackStatus', 1, 'zh_CN')).toBe('已回复');
    expect(enumLabel('feedbackStatus', 9, 'en')).toBe('9');
  });
  test('cents show as yuan and typed yuan go back as whole cents', () => {
    expect(centsToYuan(12345)).toBe('123.45');
    expect(yuanToCents('0.1')).toBe(10);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents('')).toBeNull();
    expect(yuanToCents('abc')).toBeNull();
  });
  test('a listAll item becomes a picker option', () => {
    expect(toOption({ id: 3, typeName: '退款问题' })).toEqual({ value: 3, label: '退款问题' });
  });
});

describe('validation from the contract, per field', () => {
  test('an empty required picker asks to choose (请选择), a typed field to enter (请输入)', () => {
    for (const kind of ['enum', 'ref', 'date', 'datetime', 'image', 'tree', 'status']) expect(validationKey('required', kind)).toBe('requiredPick');
    for (const kind of ['string', 'text', 'int', 'money', undefined]) expect(validationKey('required', kind)).toBe('required');
    expect(validationKey('maximum', 'enum')).toBe('maximum');
  });

  test('an empty required name, a negative sort and a bad status are reported beside their fields', () => {
    const errors = validatePayload(feedbackType.schemas.add as TSchema, { typeName: '', sort: -1, status: 5 });
    expect(errors).toEqual({ typeName: { key: 'required' }, sort: { key: 'minimum', values: { n: 0 } }, status: { key: 'enum' } });
  });
  test('a missing required field and an overlong one', () => {
    const errors = validatePayload(feedbackWords.schemas.add as TSchema, { word: 'x'.repeat(40) });
    expect(errors.word).toEqual({ key: 'maxLength', values: { n: 32 } });
    expect(errors.wordType).toEqual({ key: 'required' });
  });
  test('a blank reply is refused by the reply payload schema', () => {
    expect(validatePayload(FeedbackReplyPayload, { id: 1, replyContent: '   ' }).replyContent).toEqual({ key: 'required' });
    expect(validatePayload(FeedbackReplyPayload, { id: 1, replyContent: 'ok' })).toEqual({});
  });
  test("the server's field-named message goes to its field; other messages do not", () => {
    expect(fieldOfServerMessage('typeName: "充值问题" already exists', ['typeName', 'sort'])).toBe('typeName');
    expect(fieldOfServerMessage('ids: 充值问题 is used by 3 records', ['typeName'])).toBeNull();
    expect(fieldOfServerMessage('row 2: 手机号 (phone) is bad', ['phone'])).toBeNull();
  });
  test('a localized refusal goes to the field the server names in data.field, shown without its label', () => {
    const refusal = { message: '类型名称：“充值问题”已被反馈类型 3（充值问题）使用', field: 'typeName' };
    expect(fieldOfServerMessage(refusal, ['typeName', 'sort'])).toBe('typeName');
    expect(fieldOfServerMessage(refusal, ['sort'])).toBeNull();
    expect(fieldOfServerMessage({ message: 'typeName: is required', field: null }, ['typeName'])).toBe('typeName');
    expect(serverFieldText(refusal)).toBe('“充值问题”已被反馈类型 3（充值问题）使用');
    expect(serverFieldText('Type name: "a" is already used by feedback type 3 (a)')).toBe('"a" is already used by feedback type 3 (a)');
  });
});

describe('form values and payloads', () => {
  const fields = ['typeName', 'description', 'sort', 'status'];
  test('add starts from the contract defaults', () => {
    expect(defaultValues(typeRes, fields)).toEqual({ description: '', sort: 0, status: 1 });
  });
  test('update sends the id and only what changed (contract: update changes only fields sent)', () => {
    const record = { id: 7, typeName: 'A', description: '', sort: 0, status: 1 };
    const values = { ...toFormValues(typeRes, fields, record), sort: 5 };
    expect(toPayload(typeRes, fields, values, record)).toEqual({ id: 7, sort: 5 });
  });
  test('add leaves out empty optional values', () => {
    expect(toPayload(typeRes, fields, { typeName: 'B', sort: null, status: 1 })).toEqual({ typeName: 'B', status: 1 });
  });
});

describe('clearing on modify', () => {
  test('an emptied optional field is sent as null, a list as [], a text as \'\'; untouched fields stay out', async () => {
    const { game } = await import('../../server/contract/games.js');
    const res = defineResource({ entity: game, route: '/games/index', columns: ['id'], form: { mode: 'page', fields: ['gameName', 'cover', 'releaseDate', 'tagIds', 'developer', 'score'] } });
    const record = { id: 4, gameName: 'A', cover: '/c.png', releaseDate: '2024-01-01', tagIds: [1], developer: 'X', score: 5 };
    const values = { gameName: 'A', cover: null, releaseDate: null, tagIds: [], developer: '  ', score: 5 };
    expect(toPayload(res, Object.keys(values), values, record)).toEqual({ id: 4, cover: null, releaseDate: null, tagIds: [], developer: '' });
    expect(fieldSpec(res, 'cover').nullable).toBe(true);
    expect(fieldSpec(res, 'gameName').nullable).toBe(false);
  });

  test('a route names the permission and the page routes', async () => {
    const { game } = await import('../../server/contract/games.js');
    const res = defineResource({ entity: game, route: '/games/index', columns: ['id'], form: { mode: 'page', fields: ['gameName'] } });
    expect(res.permission).toBe('GamesIndex');
    expect(res.form?.pages).toEqual({ add: '/games/add', modify: '/games/modify' });
    expect(() => defineResource({ entity: game, route: '/games/nope', columns: ['id'] })).toThrow(/route/);
  });
});

