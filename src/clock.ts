// A monotonic clock in milliseconds, without `performance`: in Node 20 that global loads perf_hooks the
// first time it is read, some 13 ms of a start here (issue 32), in every thread that reads it.

/** Milliseconds on a monotonic clock (from an arbitrary origin): for durations only. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
