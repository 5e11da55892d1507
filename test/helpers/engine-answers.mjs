// Runs requests through every sync function and import filter of the configs it is given, in this Node
// (whose V8 flags the caller chose), and prints what each answered as one JSON text. Its job comes on
// standard input: { dir, files, requests, target, timeMs } (timeMs: each run's CPU limit). Used by test/sync/tiers.shared.test.ts to compare the
// engine's answers under V8's baseline compiler and under its optimising one.
import * as path from 'node:path';
import { analyzeFile } from '../../dist/files.js';
import { databaseEntries } from '../../dist/document/databases.js';
import { selectFunction } from '../../dist/sync/select.js';
import { SandboxPool } from '../../dist/sync/pool.js';
import { runRequests } from '../../dist/sync/run.js';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const pool = new SandboxPool();
const answers = {};
try {
  for (const file of job.files) {
    const analyzed = await analyzeFile(path.join(job.dir, file), { cwd: job.dir, env: {}, remote: false, target: job.target });
    for (const entry of analyzed.kind ? databaseEntries(analyzed.kind, analyzed.document) : []) {
      for (const role of ['sync', 'import_filter']) {
        const selection = selectFunction(analyzed, { role, ...(entry.name !== undefined ? { database: entry.name } : {}) });
        if (!selection.ok || selection.choice.isDefault) continue;
        const ran = await runRequests(pool, selection.choice, job.target, 'write', job.requests, undefined, undefined, { timeMs: job.timeMs });
        answers[`${file} ${entry.name ?? ''} ${role}`] = ran.ok ? ran.outcomes : { error: ran.message };
      }
    }
  }
} finally {
  await pool.close();
}
process.stdout.write(JSON.stringify(answers));
