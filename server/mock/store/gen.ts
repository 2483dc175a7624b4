import type { Faker, Randomizer } from '@faker-js/faker';
import { MOCK_REF_DATE, mersenne53Randomizer } from '../faker.js';

/**
 * Helpers the factories use to make data quickly and deterministically. Faker's rich generators
 * cost several microseconds each (a Chinese full name ~9 µs), which adds up over ~100 000 records;
 * these helpers draw from faker's seeded integers only (~0.1 µs) and from small word pools.
 */

export const DAY_MS = 86_400_000;
/**
 * Generated data is "as of" this instant: the reference instant of the generation that is running
 * (see {@link withRefMs}), read by the factories as they make records. A live binding, so a factory
 * module that imports it sees the running generation's value.
 */
export let REF_MS = MOCK_REF_DATE.getTime();

/**
 * Runs `work` with {@link REF_MS} set to `refMs` (ms since epoch) and restores the previous value:
 * the generation drivers wrap each slice of a generation in it, so two generations interleaved on
 * the event loop (a QA reset beside a boot) each see their own reference instant.
 */
export function withRefMs<T>(refMs: number, work: () => T): T {
  const before = REF_MS;
  REF_MS = refMs;
  try {
    return work();
  } finally {
    REF_MS = before;
  }
}

/** The start of the hour (UTC) holding `ms`: the default reference instant of a server started then. */
export function hourOf(ms: number): number {
  return Math.floor(ms / 3_600_000) * 3_600_000;
}
/** The platform's times are China Standard Time (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3_600_000;

const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** Civil date of a day count since 1970-01-01 (H. Hinnant's algorithm; ~20x faster than Date#toISOString). */
function civil(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${TWO[m]}-${TWO[d]}`;
}

/** ms since epoch → 'YYYY-MM-DD HH:mm:ss' in China Standard Time. */
export function fmt(ms: number): string {
  const t = Math.floor((ms + CST_OFFSET_MS) / 1000);
  const days = Math.floor(t / 86_400);
  const sec = t - days * 86_400;
  return `${civil(days)} ${TWO[Math.floor(sec / 3600)]}:${TWO[Math.floor(sec / 60) % 60]}:${TWO[sec % 60]}`;
}

/** ms since epoch → 'YYYY-MM-DD' in China Standard Time. */
export function fmtDate(ms: number): string {
  return civil(Math.floor((ms + CST_OFFSET_MS) / DAY_MS));
}

const num = (s: string, from: number, len: number) => {
  let n = 0;
  for (let i = from; i < from + len; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    n = n * 10 + c;
  }
  return n;
};

/** 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD' (China Standard Time) → ms since epoch; NaN when malformed. */
export function parseTime(s: string): number {
  if ((s.length !== 10 && s.length !== 19) || s[4] !== '-' || s[7] !== '-') return NaN;
  const date = Date.UTC(num(s, 0, 4), num(s, 5, 2) - 1, num(s, 8, 2));
  if (s.length === 10) return date - CST_OFFSET_MS;
  if (s[10] !== ' ' || s[13] !== ':' || s[16] !== ':') return NaN;
  return date + (num(s, 11, 2) * 3600 + num(s, 14, 2) * 60 + num(s, 17, 2)) * 1000 - CST_OFFSET_MS;
}

const CODE_CHARS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'].map((c) => c.charCodeAt(0));
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬芳燕彩春菊兰凤洁梅琳素云莲真环雪荣爱妹霞香月莺媛艳瑞凡佳嘉琼勤珍贞莉桂娣叶璧璐娅琦晶妍茜秋珊莎锦黛青倩婷姣婉娴瑾颖露瑶怡婵雁蓓纨仪荷丹蓉眉君琴蕊薇菁梦岚苑婕馨瑗琰韵融园艺咏卿聪澜纯毓悦昭冰爽琬茗羽希宁欣飘育滢馥筠柔竹霭凝晓欢霄枫芸菲寒伊亚宜可姬舒影荔枝思丽'.split('');
const NICK_A = ['快乐', '无敌', '孤独', '暴躁', '佛系', '认真', '冷静', '迷糊', '元气', '沉默', '奔跑', '清风', '星辰', '深海', '午夜', '咸鱼', '社恐', '摸鱼', '硬核', '欧皇'];
const NICK_B = ['玩家', '剑客', '猎人', '法师', '骑士', '少年', '老猫', '小熊', '狐狸', '游侠', '旅人', '萌新', '大佬', '土豆', '柠檬', '西瓜', '鲸鱼', '飞鸟', '战神', '打工人'];

/**
 * Seeded helpers over one faker instance; one `Gen` per entity keeps entities independent. Numbers
 * come from a Mersenne Twister seeded by that faker: the same stream faker uses, without the
 * option objects and checks of `faker.number.int` (a third of the seeding time went there).
 */
export class Gen {
  private r: Randomizer;

  /** Over a seeded faker (the seed's factories), or over a randomizer of its own ({@link seededGen}). */
  constructor(source: Faker | Randomizer) {
    this.r = 'next' in source ? source : mersenne53Randomizer(source.number.int({ min: 0, max: 2 ** 31 - 1 }));
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.r.next() * (max - min + 1));
  }

  /** True with probability p (0..1). */
  chance(p: number): boolean {
    return this.r.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.r.next() * items.length)];
  }

  /** Between min and max distinct items, in their original order. */
  some<T>(items: readonly T[], min: number, max: number): T[] {
    const n = Math.min(items.length, this.int(min, max));
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(this.int(0, items.length - 1));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
  }

  /** One of the values, with the given relative weights. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = this.int(0, total * 1000 - 1) / 1000;
    for (const [v, w] of pairs) {
      if (r < w) return v;
      r -= w;
    }
    return pairs[pairs.length - 1][0];
  }

  /** Upper-case letters and digits without look-alikes (0/O, 1/I). */
  code(length: number): string {
    const chars = new Array<number>(length);
    for (let i = 0; i < length; i++) chars[i] = CODE_CHARS[Math.floor(this.r.next() * CODE_CHARS.length)];
    return String.fromCharCode(...chars);
  }

  digits(length: number): string {
    const chars = new Array<number>(length);
    for (let i = 0; i < length; i++) chars[i] = 48 + Math.floor(this.r.next() * 10);
    return String.fromCharCode(...chars);
  }

  /** A mainland mobile number. */
  phone(): string {
    return `1${this.pick(['3', '5', '7', '8', '9'])}${this.digits(9)}`;
  }

  /** A Chinese full name (two or three characters). */
  person(): string {
    return this.pick(SURNAMES) + this.pick(GIVEN) + (this.chance(0.6) ? this.pick(GIVEN) : '');
  }

  /** A shop nickname such as 佛系玩家_0427. */
  nick(): string {
    return `${this.pick(NICK_A)}${this.pick(NICK_B)}${this.chance(0.5) ? '_' : ''}${this.digits(this.int(2, 4))}`;
  }

  /** A time in the `days` before `beforeMs` (default: the reference instant), as ms. */
  past(days: number, beforeMs = REF_MS): number {
    return beforeMs - this.int(0, Math.max(1, Math.round(days * DAY_MS / 1000))) * 1000;
  }

  /** A time up to `maxMinutes` after `ms`, as ms. */
  after(ms: number, maxMinutes: number, minMinutes = 1): number {
    return ms + this.int(minMinutes * 60, maxMinutes * 60) * 1000;
  }

  /** Placeholder image path; mock mode serves a generated SVG there (server/mock/routes/upload.ts). */
  image(kind: string, n: number | string = this.int(1, 999)): string {
    return `/upload/mock/${kind}/${n}.svg`;
  }

  /** One of a few templates with `{}` holes filled by the given values in order. */
  fill(template: string, ...values: (string | number)[]): string {
    let i = 0;
    return template.replace(/\{\}/g, () => String(values[i++] ?? ''));
  }
}

/**
 * A small seeded randomizer (sfc32 over an FNV-1a hash of `seed` and `salt`), without faker: for
 * draws made while the server runs (the demo traffic's ticks), where loading faker's modules
 * (hundreds of ms once) would stall the event loop. The same (seed, salt) always draws the same numbers.
 */
export function seededGen(seed: number, salt: string): Gen {
  let h = (seed >>> 0) ^ 2166136261;
  for (let i = 0; i < salt.length; i++) h = Math.imul(h ^ salt.charCodeAt(i), 16777619) >>> 0;
  let a = h;
  let b = Math.imul(h, 0x9e3779b9) >>> 0;
  let c = (seed >>> 0) ^ 0x85ebca6b;
  let d = 1;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return new Gen({ next, seed: () => {} });
}

/** A business number such as `O202610251234567` (prefix, date of `ms`, `n` padded): unique by `n`. */
export function serialNo(prefix: string, ms: number, n: number, width = 7): string {
  return `${prefix}${fmtDate(ms).replace(/-/g, '')}${String(n).padStart(width, '0')}`;
}
