// The few members of autocannon that bench/http.bench.ts uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface AutocannonRequest {
    readonly method?: string;
    readonly path?: string;
    readonly setupRequest?: (request: { path: string }) => { path: string };
  }
  interface AutocannonOptions {
    readonly url: string;
    readonly connections: number;
    readonly duration: number;
    readonly requests?: readonly AutocannonRequest[];
    readonly headers?: Readonly<Record<string, string>>;
  }
  interface AutocannonResult {
    readonly requests: { readonly total: number; readonly average: number };
    readonly latency: { readonly p50: number; readonly p99: number; readonly average: number };
    readonly non2xx: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly duration: number;
  }
  interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {}
  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
