// A finding's fingerprint for the systems that track findings across runs (SARIF code scanning, GitLab Code
// Quality): stable across commits that move lines, since it is made of the rule, the file and the JSON
// pointer of the finding (its message where it has no pointer).
import { createHash } from 'node:crypto';

export function findingFingerprint(rule: string, file: string, pointer: string, message: string): string {
  return createHash('sha256').update(`${rule}\u0000${file}\u0000${pointer || message}`).digest('hex').slice(0, 32);
}
