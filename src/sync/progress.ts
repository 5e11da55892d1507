// What a worker tells the pool through their shared counters (src/sync/worker.ts, pool.ts), without a
// message: progress[0] is the request running, or one of these; progress[1] counts the engine's runs.

/** No request is running. */
export const RUNNING_NONE = -1;
/** The program is being compiled (evaluated), before any request runs. */
export const COMPILING = -2;
