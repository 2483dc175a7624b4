/** The part of autocannon's API scripts/bench.ts and scripts/bench-abuse.ts use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Result {
      latency: { p50: number; p99: number; max: number; average: number };
      requests: { total: number; average: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    interface Options {
      url: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      pipelining?: number;
      requests?: { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }[];
    }
    interface Instance {
      stop(): void;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  function autocannon(options: autocannon.Options, done: (err: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export default autocannon;
}
