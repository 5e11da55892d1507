// The server address upgrade of the gateway's automatic conversion (reference 8.2.1), reproduced exactly,
// except that environment references inside the address are carried through untouched.

import { isTestStoreAddress, upgradeServerAddress as upgradeAddress } from '../rules/upgrade/server-address.js';

export interface UpgradedAddress {
  /** The address as the 3.x bootstrap config should hold it (the original when `error` is set). */
  address: string;
  /** Credentials found in the URL (`user:password@`), when both parts were present. */
  credentials?: { username: string; password: string };
  /** Why the address could not be upgraded (the gateway keeps the original string and fails later). */
  error?: string;
  /** The address holds environment references, so its scheme may only be known at run time. */
  hasEnvReference: boolean;
  /** Test store addresses (walrus:, rosmar:, file:, /..., ./...) pass unchanged. */
  testStore: boolean;
}

const ENV_REFERENCE = /\$(\{[^}]*\}|[A-Za-z0-9_]+|[*#@!?\-$])/g;

export { isTestStoreAddress };

export function isTlsAddress(address: string): boolean {
  return address.startsWith('couchbases:');
}

/** The gateway's address upgrade (src/rules/upgrade/server-address.ts), carrying environment references through. */
export function upgradeServerAddress(original: string): UpgradedAddress {
  const hasEnvReference = /\$(\{|[A-Za-z0-9_*#@!?-])/.test(original);
  if (isTestStoreAddress(original)) return { address: original, hasEnvReference, testStore: true };
  // Stand-ins for environment references, made of characters every part of the connection-string
  // grammar accepts and that URL encoding leaves alone.
  const references: string[] = [];
  const masked = original.replace(ENV_REFERENCE, (ref) => {
    references.push(ref);
    return `ENVREF${references.length - 1}X`;
  });
  const unmask = (s: string) => s.replace(/ENVREF(\d+)X/g, (_, i: string) => references[Number(i)]!);
  const upgraded = upgradeAddress(masked);
  if (!upgraded.ok) return { address: original, hasEnvReference, testStore: false, error: unmask(upgraded.message) };
  const credentials = upgraded.credentials
    ? { username: unmask(upgraded.credentials.username), password: unmask(upgraded.credentials.password) }
    : undefined;
  return { address: unmask(upgraded.server), ...(credentials ? { credentials } : {}), hasEnvReference, testStore: upgraded.testStore };
}

// The TLS ports of the ports a couchbase:// address may name (Couchbase Server's defaults).
const TLS_PORTS: Record<string, string> = { '11210': '11207', '8091': '18091' };

/** The couchbases:// form of an upgraded couchbase:// (or scheme-less) address, default ports moved to their TLS twins. */
export function tlsAddress(address: string): string {
  const rest = address.replace(/^couchbase:\/\//, '');
  const [hosts, ...tail] = rest.split(/(?=[/?])/);
  const tlsHosts = (hosts ?? '').split(',').map((h) => h.replace(/:(\d+)$/, (m, port: string) => (TLS_PORTS[port] ? `:${TLS_PORTS[port]}` : m))).join(',');
  return `couchbases://${tlsHosts}${tail.join('')}`;
}
