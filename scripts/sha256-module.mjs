// Writes src/sha256/module.generated.ts, the bytes of the WebAssembly module src/sha256/assembly.ts writes
// out instruction by instruction. Run after `npm run build` (it reads dist/); test/sha256.test.ts checks it.
import { writeFileSync } from 'node:fs';
import { renderModuleFile, sha256ModuleBytes } from '../dist/sha256/assembly.js';

writeFileSync(new URL('../src/sha256/module.generated.ts', import.meta.url), renderModuleFile(sha256ModuleBytes()));
