import { beforeEach, describe, expect, test } from 'vitest';
import { Value } from 'typebox/value';
import { FaultRule } from '../../server/contract/mock-qa';
import { ENDPOINTS } from '../../server/contract/index';
import {
  countRows,
  DEFAULT_FAULT_FORM,
  FAULT_PRESETS,
  faultEffect,
  faultFormToRule,
  faultPathOptions,
  presetToRule,
  seedOf,
  SESSION_PATHS,
  suggestPaths,
  TRAFFIC_KINDS,
  trafficFormToUpdate,
  type FaultForm,
} from '../../web/app/mock-panel/mock-rules';
import { getMockProbe, mockPanelVisible, probeMockModeOnce, resetMockProbeForTests } from '../../web/app/mock-panel/mock-visibility';
import zh from '../../web/i18n/locales/zh_CN/mock';
import en from '../../web/i18n/locales/en/mock';

const form = (p: Partial<FaultForm> = {}): FaultForm => ({ ...DEFAULT_FAULT_FORM, ...p });
const t = (k: string) => `[${k}]`;

/** Looks a dotted key up in a language pack (what i18next does for `mock.<key>`). */
function text(pack: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), pack);
}

describe('fault form → FaultRule payload', () => {
  test('the default form is a session timeout (envelope 401) on the next dashboard summary call', () => {
    const r = faultFormToRule(form());
    expect(r).toEqual({ ok: true, value: { path: '/v1/admin/summary', method: 'ANY', times: 1, envelopeCode: 401 } });
  });

  test('only the chosen kind is sent, so a rule never combines two effects', () => {
    expect(faultFormToRule(form({ kind: 'http', httpStatus: 503, message: '  down for maintenance ' }))).toEqual({
      ok: true,
      value: { path: '/v1/admin/summary', method: 'ANY', times: 1, httpStatus: 503, message: 'down for maintenance' },
    });
    expect(faultFormToRule(form({ kind: 'drop', path: ' /v1/order/* ', method: 'POST', times: null }))).toEqual({ ok: true, value: { path: '/v1/order/*', method: 'POST', drop: true } });
    expect(faultFormToRule(form({ kind: 'drop', times: 3 }))).toEqual({ ok: true, value: { path: '/v1/admin/summary', method: 'ANY', times: 3, drop: true } });
    expect(faultFormToRule(form({ kind: 'latency', latencyMs: 2500, times: 3 }))).toEqual({ ok: true, value: { path: '/v1/admin/summary', method: 'ANY', times: 3, latencyMs: 2500 } });
    expect(faultFormToRule(form({ kind: 'envelope', envelopeCode: 1001, message: 'stock locked' }))).toEqual({
      ok: true,
      value: { path: '/v1/admin/summary', method: 'ANY', times: 1, envelopeCode: 1001, message: 'stock locked' },
    });
  });

  test('every payload the form yields is a valid FaultRule of the contract', () => {
    for (const kind of ['latency', 'http', 'envelope', 'drop'] as const) {
      const r = faultFormToRule(form({ kind }));
      expect(r.ok).toBe(true);
      if (r.ok) expect(Value.Check(FaultRule, r.value)).toBe(true);
    }
  });

  test('bad input names the field with a message key and its limits', () => {
    const r = faultFormToRule(form({ path: 'v1/order', kind: 'latency', latencyMs: 0, times: 0 }));
    expect(r).toEqual({
      ok: false,
      errors: { path: { key: 'errors.pathSlash' }, times: { key: 'errors.times', params: { max: 100_000 } }, latencyMs: { key: 'errors.latency', params: { max: 1_500_000 } } },
    });
    expect(faultFormToRule(form({ path: '  ' }))).toMatchObject({ ok: false, errors: { path: { key: 'errors.pathRequired' } } });
    expect(faultFormToRule(form({ path: '/v1/order list' }))).toMatchObject({ ok: false, errors: { path: { key: 'errors.pathSpace' } } });
    expect(faultFormToRule(form({ path: '/' + 'a'.repeat(200) }))).toMatchObject({ ok: false, errors: { path: { key: 'errors.pathLength' } } });
    expect(faultFormToRule(form({ path: '/v1/mock/info' }))).toMatchObject({ ok: false, errors: { path: { key: 'errors.pathQa' } } });
    expect(faultFormToRule(form({ kind: 'envelope', envelopeCode: 200 }))).toMatchObject({ ok: false, errors: { envelopeCode: { key: 'errors.envelopeCode', params: { min: 201, max: 99_999 } } } });
    expect(faultFormToRule(form({ kind: 'http', httpStatus: null }))).toMatchObject({ ok: false, errors: { httpStatus: { key: 'errors.httpStatus' } } });
    expect(faultFormToRule(form({ kind: 'http', message: 'x'.repeat(201) }))).toMatchObject({ ok: false, errors: { message: { key: 'errors.message' } } });
    expect(faultFormToRule(form({ kind: 'latency', latencyMs: 1_500_001 }))).toMatchObject({ ok: false });
  });

  test('every validation message exists in both languages and fills its parameters', () => {
    const keys = ['pathRequired', 'pathSlash', 'pathSpace', 'pathLength', 'pathQa', 'times', 'latency', 'httpStatus', 'envelopeCode', 'message', 'seed'];
    for (const k of keys) {
      expect(text(zh, `errors.${k}`), k).toEqual(expect.any(String));
      expect(text(en, `errors.${k}`), k).toEqual(expect.any(String));
    }
    expect(en.errors.times).toContain('{{max}}');
  });

  test('the mock namespace has the same keys and placeholders in zh_CN and en', () => {
    const leaves = (o: unknown, prefix = ''): [string, string][] =>
      Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
    const zhLeaves = new Map(leaves(zh));
    const enLeaves = new Map(leaves(en));
    expect([...zhLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    const params = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [k, v] of zhLeaves) expect(params(v), k).toEqual(params(enLeaves.get(k)!));
    expect(zh.errors.envelopeCode).toContain('{{min}}');
  });
});

describe('presets: every row of the §8 catalogue a fault can show', () => {
  const target = { path: '/v1/admin/summary', method: 'ANY' as const, times: 1 };

  test('envelope 401, another envelope code, network error, a slow answer and each §8 HTTP status', () => {
    const rules = FAULT_PRESETS.map((p) => presetToRule(p, target, t));
    const values = rules.map((r) => (r.ok ? r.value : null));
    expect(values).toContainEqual({ ...target, envelopeCode: 401 });
    expect(values).toContainEqual({ ...target, envelopeCode: 500, message: '[presets.envelopeErrorMessage]' });
    expect(values).toContainEqual({ path: target.path, method: target.method, times: target.times, drop: true });
    expect(values).toContainEqual({ ...target, latencyMs: 5000 });
    for (const s of [400, 401, 403, 404, 405, 408, 500, 501, 502, 503, 504, 505]) expect(values).toContainEqual({ ...target, httpStatus: s });
    for (const v of values) expect(Value.Check(FaultRule, v)).toBe(true);
  });

  test('a preset applies to the next N calls of the chosen path, or until cleared', () => {
    const p = FAULT_PRESETS.find((x) => x.id === 'http500')!;
    expect(presetToRule(p, { path: '/v1/order/*', method: 'POST', times: 3 }, t)).toEqual({ ok: true, value: { path: '/v1/order/*', method: 'POST', times: 3, httpStatus: 500 } });
    expect(presetToRule(p, { path: '/v1/order/*', method: 'ANY', times: null }, t)).toEqual({ ok: true, value: { path: '/v1/order/*', method: 'ANY', httpStatus: 500 } });
    expect(presetToRule(p, { path: '', method: 'ANY', times: 1 }, t)).toEqual({ ok: false, errors: { path: { key: 'errors.pathRequired' } } });
  });

  test('preset labels and what-it-shows texts exist in both languages', () => {
    for (const p of FAULT_PRESETS) {
      for (const pack of [zh, en]) {
        expect(text(pack, p.label.key), p.id).toEqual(expect.any(String));
        expect(text(pack, p.shows.key), p.id).toEqual(expect.any(String));
        if (p.effect.messageKey) expect(text(pack, p.effect.messageKey)).toEqual(expect.any(String));
      }
    }
    expect(new Set(FAULT_PRESETS.map((p) => p.id)).size).toBe(FAULT_PRESETS.length);
  });
});

describe('active faults, paths, seed and counts', () => {
  test('a fault reads as its delay, then its answer', () => {
    expect(faultEffect({ envelopeCode: 401 })).toEqual([{ key: 'effect.envelope', params: { code: 401 } }]);
    expect(faultEffect({ latencyMs: 800, httpStatus: 502 })).toEqual([
      { key: 'effect.latency', params: { ms: 800 } },
      { key: 'effect.http', params: { status: 502 } },
    ]);
    expect(faultEffect({ drop: true })).toEqual([{ key: 'effect.drop' }]);
    expect(faultEffect({})).toEqual([{ key: 'effect.none' }]);
  });

  test('path options: every contract endpoint and its group prefix, never the QA controls', () => {
    const options = faultPathOptions([...SESSION_PATHS, ...ENDPOINTS.map((e) => e.path)]);
    expect(options).toContain('/v1/admin/summary');
    expect(options).toContain('/v1/feedback/replay');
    expect(options).toContain('/v1/feedbackType/list');
    expect(options).toContain('/v1/feedback/*');
    expect(options).toContain('/api/v1/feedbackAward/importAwardExcel');
    expect(options).toContain('/v1/admin/*');
    expect(options).toContain('/v1/*');
    expect(options.some((o) => o.startsWith('/v1/mock/'))).toBe(false);
    expect(new Set(options).size).toBe(options.length);
  });

  test('suggestions: case-insensitive, paths that start with the text first', () => {
    const options = ['/v1/admin/summary', '/v1/feedback/list', '/v1/feedbackType/list', '/v1/order/list'];
    expect(suggestPaths('/v1/FEEDBACK', options)).toEqual(['/v1/feedback/list', '/v1/feedbackType/list']);
    expect(suggestPaths('list', options)).toEqual(['/v1/feedback/list', '/v1/feedbackType/list', '/v1/order/list']);
    expect(suggestPaths('', options, 2)).toEqual(['/v1/admin/summary', '/v1/feedback/list']);
  });

  test('reset seed: blank keeps the current one; otherwise a whole number 0 … 2^31−1', () => {
    expect(seedOf(null)).toEqual({ ok: true, value: undefined });
    expect(seedOf(0)).toEqual({ ok: true, value: 0 });
    expect(seedOf(42)).toEqual({ ok: true, value: 42 });
    expect(seedOf(-1)).toEqual({ ok: false, error: { key: 'errors.seed', params: { max: 2 ** 31 - 1 } } });
    expect(seedOf(2 ** 31)).toMatchObject({ ok: false });
    expect(seedOf(1.5)).toMatchObject({ ok: false });
  });

  test('demo traffic: a whole rate of 1 … 600 a minute and at least one kind, sent in the contract order', () => {
    expect(trafficFormToUpdate({ enabled: true, perMinute: 30, kinds: ['stock', 'order'] })).toEqual({ ok: true, value: { enabled: true, perMinute: 30, kinds: ['order', 'stock'] } });
    expect(trafficFormToUpdate({ enabled: false, perMinute: 600, kinds: [...TRAFFIC_KINDS] })).toMatchObject({ ok: true, value: { perMinute: 600 } });
    const bad = trafficFormToUpdate({ enabled: true, perMinute: 0, kinds: [] });
    expect(bad).toEqual({ ok: false, errors: { perMinute: { key: 'errors.trafficRate', params: { min: 1, max: 600 } }, kinds: { key: 'errors.trafficKinds' } } });
    expect(trafficFormToUpdate({ enabled: true, perMinute: 2.5, kinds: ['order'] })).toMatchObject({ ok: false });
    expect(trafficFormToUpdate({ enabled: true, perMinute: null, kinds: ['order'] })).toMatchObject({ ok: false });
    for (const pack of [zh, en]) {
      expect(text(pack, 'errors.trafficRate')).toEqual(expect.any(String));
      expect(text(pack, 'errors.trafficKinds')).toEqual(expect.any(String));
      for (const k of TRAFFIC_KINDS) expect(text(pack, `traffic.kinds.${k}`), k).toEqual(expect.any(String));
    }
  });

  test('record counts: largest first, then by name', () => {
    expect(countRows({ order: 5, member: 9, card: 5 })).toEqual([
      { name: 'member', count: 9 },
      { name: 'card', count: 5 },
      { name: 'order', count: 5 },
    ]);
  });
});

describe('visibility: mock mode only, signed in', () => {
  beforeEach(() => resetMockProbeForTests());

  test('shown only when signed in and the probe answered', () => {
    expect(mockPanelVisible({ probe: 'mock', signedIn: true })).toBe(true);
    expect(mockPanelVisible({ probe: 'mock', signedIn: false })).toBe(false);
    for (const probe of ['unknown', 'probing', 'absent'] as const) expect(mockPanelVisible({ probe, signedIn: true })).toBe(false);
  });

  test('the probe runs once per page load; an answer means mock mode, a failure proxy mode', async () => {
    let calls = 0;
    const answer = (ok: boolean) => async () => {
      calls++;
      return ok;
    };
    probeMockModeOnce(answer(true));
    expect(getMockProbe()).toBe('probing');
    probeMockModeOnce(answer(false));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    expect(getMockProbe()).toBe('mock');

    resetMockProbeForTests();
    probeMockModeOnce(() => Promise.reject(new Error('HTTP 404 from the platform')));
    await new Promise((r) => setTimeout(r, 0));
    expect(getMockProbe()).toBe('absent');
    probeMockModeOnce(answer(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(getMockProbe()).toBe('absent');
    expect(calls).toBe(1);
  });
});
