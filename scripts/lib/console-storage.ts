import fs from 'node:fs';
import path from 'node:path';
import { createCache, memoryStorage } from '../../web/lib/storage.js';
import { createAesCipher } from '../../web/lib/cipher.js';
import { PROJECT_ROOT } from './web-bundle.js';

/**
 * Local-storage entries exactly as the console's own cache writes them (versioned prefix from
 * package.json, AES like production builds), for tools that open the console signed in without the
 * login form: the e2e harness and the Lighthouse script. Answers `[key, value]` pairs to put into
 * `localStorage` of the console's origin.
 */
export function consoleStorageEntries(values: Record<string, unknown>): [string, string][] {
  const version = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const backend = memoryStorage();
  const cache = createCache({ backend, prefix: `GAME_CONSOLE__${version}__`, cipher: createAesCipher() });
  for (const [k, v] of Object.entries(values)) cache.set(k, v);
  const raw: [string, string][] = [];
  for (let i = 0; i < backend.length; i++) raw.push([backend.key(i)!, backend.getItem(backend.key(i)!)!]);
  return raw;
}
