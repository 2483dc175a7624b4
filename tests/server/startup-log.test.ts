import { describe, expect, test } from 'vitest';
import { inContainer, listeningLine } from '../../server/startup.js';

/** The start-up line names the URL people use, or says it cannot know it. */
describe('start-up line', () => {
  const base: Parameters<typeof listeningLine>[0] = { mode: 'mock', host: '0.0.0.0', port: 8899, publicHost: null };
  const bound = { address: '0.0.0.0', family: 'IPv4', port: 8899 };

  test('outside a container, listening everywhere: localhost with the bound port', () => {
    expect(listeningLine(base, bound, false)).toBe('console (mock mode) at http://localhost:8899');
    expect(listeningLine({ ...base, port: 0 }, { ...bound, port: 40123 }, false)).toBe('console (mock mode) at http://localhost:40123');
    expect(listeningLine({ ...base, host: '::1' }, bound, false)).toBe('console (mock mode) at http://[::1]:8899');
  });

  test('in a container: the published URL is unknown, and the line says how to find or name it', () => {
    const line = listeningLine(base, bound, true);
    expect(line).toContain('inside the container');
    expect(line).toContain('published URL is not known here');
    expect(line).toContain('docker compose port console 8899');
    expect(line).toContain('PUBLIC_HOST');
    expect(line).not.toContain('http://localhost');
  });

  test('PUBLIC_HOST names the public address, in a container or not', () => {
    for (const container of [true, false])
      expect(listeningLine({ ...base, mode: 'proxy', publicHost: 'console.example.com:8443' }, bound, container)).toBe(
        'console (proxy mode) listening on port 8899; public address console.example.com:8443 (PUBLIC_HOST)',
      );
  });

  test('container detection: the image setting, Docker’s or Podman’s marker file', () => {
    expect(inContainer({ CONSOLE_IN_CONTAINER: '1' }, () => false)).toBe(true);
    expect(inContainer({}, (p) => p === '/.dockerenv')).toBe(true);
    expect(inContainer({}, (p) => p === '/run/.containerenv')).toBe(true);
    expect(inContainer({}, () => false)).toBe(false);
  });
});
