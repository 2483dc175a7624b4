/** The part of autocannon's API scripts/bench-abuse.ts uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Result {
      latency: { p50: number; p99: number; max: number; average: number };
      requests: { total: number; average: number };
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
    }
    interface Instance {
      stop(): void;
    }
  }
  function autocannon(options: autocannon.Options, done: (err: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export default autocannon;
}
