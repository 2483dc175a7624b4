import { cbc } from '@noble/ciphers/aes.js';
import { utf8ToBytes } from '@noble/ciphers/utils.js';

/**
 * AES-128-CBC (PKCS#7) with a fixed key and iv, as spec §9 requires for stored data in production.
 *
 * This is OBFUSCATION, not security: the key and iv ship inside the bundle, so anyone with the
 * page can decrypt. It only keeps values from being read at a glance in the browser's storage
 * panel. Never treat it as a security boundary (behaviour notes, "Storage").
 */
export interface Cipher {
  encrypt(plain: string): string;
  /** @throws when the text is not valid base64 ciphertext of this key. */
  decrypt(cipherText: string): string;
}

/** Spec §9 defaults; both must be exactly 16 characters (AES-128). */
export const CACHE_CIPHER = { key: '_11111000001111@', iv: '@11111000001111_' } as const;

/**
 * @param key 16 ASCII characters
 * @param iv 16 ASCII characters
 * @throws Error naming the parameter when it is not 16 characters long
 */
export function createAesCipher(key: string = CACHE_CIPHER.key, iv: string = CACHE_CIPHER.iv): Cipher {
  const k = utf8ToBytes(key);
  const v = utf8ToBytes(iv);
  if (k.length !== 16) throw new Error('key must be 16 characters');
  if (v.length !== 16) throw new Error('iv must be 16 characters');
  return {
    encrypt: (plain) => toBase64(cbc(k, v).encrypt(utf8ToBytes(plain))),
    decrypt: (text) => new TextDecoder('utf-8', { fatal: true }).decode(cbc(k, v).decrypt(fromBase64(text))),
  };
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
