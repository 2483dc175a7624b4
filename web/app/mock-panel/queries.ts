import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCanceled } from '../../api/http';
import { api } from '../../api/client';
import { mockApi, type Fault, type FaultRule, type MockInfo } from '../../api/mock';
import type { TrafficInfo, TrafficUpdate } from '../../../server/contract/mock-qa';

/** The Mock panel's query keys: the store's facts and the active faults (always read afresh on open). */
const INFO_KEY = ['mockQa', 'info'] as const;
const FAULTS_KEY = ['mockQa', 'faults'] as const;
const TRAFFIC_KEY = ['mockQa', 'traffic'] as const;
/** How often the demo traffic's counts are read again while it runs and the panel is open, in ms. */
const TRAFFIC_POLL_MS = 5000;
const MUTATION_KEY = ['mockQa'] as const;

/** A failed call is already shown by the HTTP client as a toast (spec §8); a cancelled duplicate needs nothing. */
const ignore = (e: unknown) => {
  if (!isCanceled(e)) console.warn('[mock panel]', e);
};

/** The mock store's facts (`/v1/mock/info`): seed, scale, build time, rows per entity; read while the panel is open. */
export function useMockInfo(open: boolean) {
  return useQuery<MockInfo>({ queryKey: INFO_KEY, queryFn: () => mockApi.info(), enabled: open, staleTime: 0, gcTime: 0, retry: false });
}

/** The active faults with their hit counts (`/v1/mock/faults/list`); read while the panel is open. */
export function useMockFaults(open: boolean) {
  return useQuery<Fault[]>({ queryKey: FAULTS_KEY, queryFn: () => mockApi.listFaults(), enabled: open, staleTime: 0, gcTime: 0, retry: false });
}

/** True while any of the panel's writes runs (its buttons wait). */
export function useMockBusy(): boolean {
  return useIsMutating({ mutationKey: MUTATION_KEY }) > 0;
}

/** Adds a fault rule; the active faults are read again. Resolves with the fault, or null when refused (shown already). */
export function useAddFault() {
  const qc = useQueryClient();
  const m = useMutation({ mutationKey: MUTATION_KEY, mutationFn: (rule: FaultRule) => mockApi.addFault(rule), onSettled: () => qc.invalidateQueries({ queryKey: FAULTS_KEY }) });
  return (rule: FaultRule): Promise<Fault | null> => m.mutateAsync(rule).catch((e: unknown) => (ignore(e), null));
}

/** Clears the named faults (all without ids); the active faults are read again. */
export function useClearFaults() {
  const qc = useQueryClient();
  const m = useMutation({ mutationKey: MUTATION_KEY, mutationFn: (ids?: number[]) => mockApi.clearFaults(ids), onSettled: () => qc.invalidateQueries({ queryKey: FAULTS_KEY }) });
  return (ids?: number[]): Promise<boolean> => m.mutateAsync(ids).then(() => true, (e: unknown) => (ignore(e), false));
}

/** Rebuilds the mock data (with a seed, or the current one): the new facts replace the old, and no fault is left. */
export function useResetData() {
  const qc = useQueryClient();
  const m = useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: (seed?: number) => mockApi.reset(seed),
    onSuccess: (next) => {
      qc.setQueryData(INFO_KEY, next);
      qc.setQueryData(FAULTS_KEY, []);
      // A reset starts the demo traffic's sequence over: its counts are read again.
      void qc.invalidateQueries({ queryKey: TRAFFIC_KEY });
    },
  });
  return (seed?: number): Promise<MockInfo | null> => m.mutateAsync(seed).catch((e: unknown) => (ignore(e), null));
}

/**
 * The demo traffic's setting and what it has made (`/v1/mock/traffic/info`, typed client); read
 * while the panel is open, again every few seconds while it runs (its counts grow on their own).
 */
export function useTrafficInfo(open: boolean) {
  return useQuery<TrafficInfo>({
    queryKey: TRAFFIC_KEY,
    queryFn: () => api.mock['traffic.info'](),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.enabled ? TRAFFIC_POLL_MS : false),
  });
}

/** Starts, stops or changes the demo traffic; the answer replaces the cached setting. Resolves with it, or null when refused (shown already). */
export function useUpdateTraffic() {
  const qc = useQueryClient();
  const m = useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: (next: TrafficUpdate) => api.mock['traffic.update'](next),
    onSuccess: (info) => qc.setQueryData(TRAFFIC_KEY, info),
  });
  return (next: TrafficUpdate): Promise<TrafficInfo | null> => m.mutateAsync(next).catch((e: unknown) => (ignore(e), null));
}
