// The V8 flags bin/sgconf.js starts Node with (src/launch.cts NODE_FLAGS, as built), for a test that starts
// Node on it itself: without them, the launcher would start Node again.
import { createRequire } from 'node:module';

export const NODE_FLAGS: readonly string[] = (createRequire(import.meta.url)('../../dist/launch.cjs') as { NODE_FLAGS: string[] }).NODE_FLAGS;
