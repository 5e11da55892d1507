// Words the certs/* rules and the cert command share to name what a file is for.
import type { CertificateFacts } from './types.js';

const ROLE_WORDS: Record<CertificateFacts['role'], string> = {
  'ca': 'CA certificate',
  'client-cert': 'client certificate',
  'client-key': 'client private key',
  'server-cert': 'TLS certificate',
  'server-key': 'TLS private key',
};

export function roleWords(role: CertificateFacts['role']): string {
  return ROLE_WORDS[role];
}

export function isKey(role: CertificateFacts['role']): boolean {
  return role === 'client-key' || role === 'server-key';
}
