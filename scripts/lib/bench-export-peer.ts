/**
 * The export bench's peer (scripts/bench-export.ts): a bare script that pages the console's
 * `/v1/order/list` over HTTP with a session token, turns each record into the same cells as an
 * export job (server/exports `ruleOf`: money in yuan, enumerations by label, numbers as numbers)
 * and writes them with the same streaming writer (server/exports/xlsx.ts). No job, no database, no
 * limits. Prints one JSON line: `{ rows, ms, peakRssGrowthMb }`.
 *
 * `node --import tsx scripts/lib/bench-export-peer.ts <port> <authorization> <file> <pageSize> <body JSON> <columns JSON>`
 */
import fs from 'node:fs';
import http from 'node:http';
import type { TSchema } from 'typebox';
import { ENTITY } from '../../server/contract/index.js';
import { ruleOf } from '../../server/exports/index.js';
import { XlsxStreamWriter } from '../../server/exports/xlsx.js';

const [port, authorization, file, pageSizeText, bodyText, columnsText] = process.argv.slice(2);
const pageSize = Number(pageSizeText);
const body = JSON.parse(bodyText) as Record<string, unknown>;
const columns = JSON.parse(columnsText) as { field: string; header: string }[];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function rss(): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
}

function page(pageNum: number): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const payload = JSON.stringify({ ...body, pageNum, pageSize });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(port), path: '/v1/order/list', method: 'POST', agent, headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const env = JSON.parse(Buffer.concat(chunks).toString()) as { code: number; data: { list: Record<string, unknown>[]; total: number }; message: string };
        if (env.code !== 200) reject(new Error(env.message));
        else resolve(env.data);
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const base = rss();
let peak = base;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const fields = ENTITY.order.fields as Record<string, TSchema>;
const rules = columns.map((c) => ruleOf(fields[c.field], 'zh_CN'));
const t0 = performance.now();
const writer = new XlsxStreamWriter(file, '订单管理', columns.map((c, i) => ({ header: c.header, style: rules[i].style })));
let rows = 0;
for (let pageNum = 1; ; pageNum++) {
  const p = await page(pageNum);
  await writer.addRows(p.list.map((r) => columns.map((c, i) => rules[i].cell(r[c.field]))));
  rows += p.list.length;
  if (p.list.length < pageSize || rows >= p.total) break;
}
await writer.close();
const ms = performance.now() - t0;
clearInterval(sampler);
peak = Math.max(peak, rss());
agent.destroy();
process.stdout.write(`${JSON.stringify({ rows, ms, peakRssGrowthMb: peak - base })}\n`);
