import { useSyncExternalStore } from 'react';

/**
 * Whether this page talks to a mock-mode server: `unknown` before the probe, `probing` while `mock.info` is in flight, then `mock`
 * (it answered) or `absent` (proxy mode: the platform got it and failed).
 */
export type MockProbe = 'unknown' | 'probing' | 'mock' | 'absent';

/**
 * The Mock button's visibility decision: only in mock mode (a successful probe) and only while
 * signed in. Every signed-in user sees it, whatever their roles: mock mode holds demo data only,
 * the QA endpoints need no token anyway (a permission check would hide nothing from a script),
 * and a demo of the §8 catalogue is as useful in the operator's view as in the admin's.
 */
export function mockPanelVisible(state: { probe: MockProbe; signedIn: boolean }): boolean {
  return state.signedIn && state.probe === 'mock';
}

let probe: MockProbe = 'unknown';
const listeners = new Set<() => void>();
const setProbe = (p: MockProbe) => {
  probe = p;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/**
 * Runs the mode probe once per page load (the mode cannot change without a reload: the server is
 * started in one mode). `answers` resolves true when the probe endpoint answered. Later calls do
 * nothing, whatever the first outcome.
 */
export function probeMockModeOnce(answers: () => Promise<boolean>): void {
  if (probe !== 'unknown') return;
  setProbe('probing');
  answers().then(
    (ok) => setProbe(ok ? 'mock' : 'absent'),
    () => setProbe('absent'),
  );
}

/** The probe's current outcome. */
export function getMockProbe(): MockProbe {
  return probe;
}

/** The probe's current outcome; re-renders when it changes. */
export function useMockProbe(): MockProbe {
  return useSyncExternalStore(subscribe, () => probe);
}

/** Forgets the outcome (tests only). */
export function resetMockProbeForTests(): void {
  probe = 'unknown';
}
