import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { buildApp } from '../../server/app.js';
import { rng } from './fuzz-cases.js';

/**
 * Upload pressure for `npm run fuzz`: rounds of concurrent `POST /upload` requests of
 * random shapes (valid PNGs of random sizes, files over the cap, not-images, SVG, too many files,
 * an empty form) against a small folder quota and concurrency cap. Every answer must be an envelope
 * with an expected code (200, 400, 413, 503 busy, 507 quota full), the folder must stay under its
 * quota and no temporary file may stay behind. Answers the problems found, one line each.
 */
export async function uploadPressure(rounds = 5, seed = 1): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-uploads-'));
  const quotaMb = 6;
  const app = await buildApp(loadConfig([], { LOG_LEVEL: 'silent', MOCK_CAPTCHA_CODE: 'FUZZ', SCALE: '0.05', UPLOAD_DIR: dir, UPLOAD_CONCURRENCY: '3', UPLOAD_QUOTA_MB: String(quotaMb) }));
  await app.ready();
  const problems: string[] = [];
  try {
    const t = (await app.inject({ url: '/v1/captcha/token' })).json().data.captchaToken;
    const login = (await app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: t, captchaCode: 'FUZZ' } })).json();
    const token = login.data.tokenHead + login.data.token;
    const head = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const r = rng(seed);
    const file = (): { data: Buffer; type: string } => {
      const k = r.int(10);
      if (k < 5) return { data: Buffer.concat([head, randomBytes(r.int(900_000))]), type: 'image/png' };
      if (k === 5) return { data: Buffer.concat([head, randomBytes(5 * 1024 * 1024 + 1)]), type: 'image/png' };
      if (k === 6) return { data: randomBytes(1 + r.int(5000)), type: 'image/png' };
      if (k === 7) return { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' };
      if (k === 8) return { data: Buffer.alloc(0), type: 'image/png' };
      return { data: head, type: 'image/jpeg' };
    };
    for (let round = 0; round < rounds; round++) {
      const requests = Array.from({ length: 16 }, async () => {
        const form = new FormData();
        const n = r.int(12);
        for (let i = 0; i < n; i++) {
          const f = file();
          form.append('name[]', new Blob([new Uint8Array(f.data)], { type: f.type }), `f${i}.png`);
        }
        if (!n) form.append('note', 'no file');
        const req = new Request('http://localhost/upload', { method: 'POST', body: form });
        const res = await app.inject({ method: 'POST', url: '/upload', payload: Buffer.from(await req.arrayBuffer()), headers: { authorization: token, 'content-type': req.headers.get('content-type')! } });
        let code: unknown;
        try {
          code = (res.json() as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        if (![200, 400, 413, 503, 507].includes(code as number)) problems.push(`round ${round}: ${n} files answered HTTP ${res.statusCode} ${res.body.slice(0, 120)}`);
      });
      await Promise.all(requests);
      const names = fs.readdirSync(dir);
      const bytes = names.filter((x) => !x.startsWith('.')).reduce((s, x) => s + fs.statSync(path.join(dir, x)).size, 0);
      if (bytes > quotaMb * 1024 * 1024) problems.push(`round ${round}: ${bytes} bytes stored, over the ${quotaMb} MB quota`);
      const temps = names.filter((x) => x.startsWith('.part-'));
      if (temps.length) problems.push(`round ${round}: ${temps.length} temporary files left`);
    }
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}
