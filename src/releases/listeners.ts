// What the gateway's listeners (public, admin, metrics) do unless the config says otherwise.
import { compareReleases, stepAt, type Release } from './index.js';

/**
 * From when the admin and metrics APIs ask for credentials (on by default: admin_interface_authentication and
 * metrics_interface_authentication); before, anyone who reaches the interface uses them.
 */
export const ADMIN_API_AUTHENTICATION = {
  from: '3.0' as Release,
  source: 'rest/handler.go@3.0.0 (shouldCheckAdminAuth, checkAdminAuth against Couchbase Server\'s RBAC) and rest/config_startup.go@3.0.0 (both true by default); rest/handler.go@2.8.4 checks no credentials on the admin or metrics interface',
};

/** Whether the target's admin and metrics APIs can ask for credentials. */
export function authenticatesAdminApi(target: Release): boolean {
  return compareReleases(target, ADMIN_API_AUTHENTICATION.from) >= 0;
}

// The minimum TLS version the gateway's HTTPS listeners take when tls_minimum_version is unset or is no value
// it knows (GetTLSVersionFromString matches "tlsv1", "tlsv1.1", "tlsv1.2", "tlsv1.3" exactly, in every release).

export interface TlsMinimumDefault {
  from: Release;
  /** The config value it equals. */
  value: 'tlsv1' | 'tlsv1.2';
  /** The protocol, in words. */
  protocol: string;
  source: string;
}

/** Oldest first. */
export const TLS_MINIMUM_DEFAULTS: readonly TlsMinimumDefault[] = [
  {
    from: '2.8', value: 'tlsv1', protocol: 'TLS 1.0',
    source: 'rest/config.go@2.8.4 DefaultMinimumTLSVersionConst = tls.VersionTLS10, GetTLSVersionFromString(); base/http_listener.go@2.8.4 ListenAndServeHTTP (MinVersion, whenever SSLCert is set)',
  },
  {
    from: '3.0', value: 'tlsv1.2', protocol: 'TLS 1.2',
    source: 'rest/config.go@3.0.0 and @4.1.1 DefaultMinimumTLSVersionConst = tls.VersionTLS12',
  },
];

/** What the target's HTTPS listeners take without a known tls_minimum_version. */
export function tlsMinimumDefault(target: Release): TlsMinimumDefault {
  return stepAt(TLS_MINIMUM_DEFAULTS, target) ?? TLS_MINIMUM_DEFAULTS[0]!;
}
