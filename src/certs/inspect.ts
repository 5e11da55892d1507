// `sgconf cert`: the certificate object the deprecated `GET /pools/default/certificate?extended=true`
// answers, computed locally from a PEM file. Pure: bytes in, object out.
import { chainsTo, parseCertificates, subjectCommonName, validTo } from './pem.js';

export interface CertificateWarning {
  /** The server names a node here; offline it is the file. */
  node: string;
  message: string;
}

export interface CertificateObject {
  type: 'uploaded';
  pem: string;
  subject: string;
  expires: string;
  warnings: CertificateWarning[];
}

/** What a person checks besides the API's object (shown by the text format only). */
export interface CertificateDetails {
  issuer: string;
  /** The subject alternative names, as "DNS:host" and "IP Address:addr" entries. */
  subjectAltNames: string[];
  validFrom: string;
  /** Whole days until it expires (negative once it has). */
  daysLeft: number;
  /** SHA-256 of the DER bytes, as colon-separated hex. */
  fingerprint256: string;
}

export type InspectResult =
  | { ok: true; certificate: CertificateObject; details: CertificateDetails }
  | { ok: false; file: string; error: 'Malformed certificate'; detail: string };

export interface PemInput {
  file: string;
  bytes: Buffer;
}

/** The data store's "expires soon" horizon. */
export const EXPIRES_SOON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// The data store's own warning texts (ns_server), so scripts written against the API keep matching.
export const WARNING_NOT_SIGNED = 'Certificate is not signed with cluster CA.';
export const WARNING_EXPIRED = 'Certificate is expired.';
export const WARNING_EXPIRES_SOON = 'Certificate will expire soon.';

export function inspectCertificate(input: PemInput, ca?: PemInput, now: number = Date.now()): InspectResult {
  const parsed = parseCertificates(input.bytes);
  const leaf = parsed.certificates[0];
  if (!leaf) return { ok: false, file: input.file, error: 'Malformed certificate', detail: parsed.error ?? 'no certificate' };
  let anchors = undefined;
  if (ca) {
    const parsedCa = parseCertificates(ca.bytes);
    if (parsedCa.certificates.length === 0) {
      return { ok: false, file: ca.file, error: 'Malformed certificate', detail: `the --ca file: ${parsedCa.error ?? 'no certificate'}` };
    }
    anchors = parsedCa.certificates;
  }
  const warnings: CertificateWarning[] = [];
  const warn = (message: string) => warnings.push({ node: input.file, message });
  if (parsed.certificates.length > 1) {
    warn(`The file holds ${parsed.certificates.length} certificates; the deprecated certificate API (POST /controller/uploadClusterCA, ` +
      'GET /pools/default/certificate) works only with a single root CA. Use the trusted-CAs API ' +
      '(POST /node/controller/loadTrustedCAs, GET /pools/default/trustedCAs) from server 7.1.');
  }
  if (anchors && !chainsTo(leaf, anchors, parsed.certificates.slice(1))) warn(WARNING_NOT_SIGNED);
  const expires = validTo(leaf);
  const remaining = Date.parse(expires) - now;
  if (remaining <= 0) warn(WARNING_EXPIRED);
  else if (remaining <= EXPIRES_SOON_DAYS * DAY_MS) warn(WARNING_EXPIRES_SOON);
  return {
    ok: true,
    certificate: { type: 'uploaded', pem: leaf.toString(), subject: subjectCommonName(leaf), expires, warnings },
    details: {
      issuer: leaf.issuer.split('\n').join(', '),
      subjectAltNames: leaf.subjectAltName ? leaf.subjectAltName.split(', ') : [],
      validFrom: new Date(leaf.validFrom).toISOString(),
      daysLeft: Math.floor(remaining / DAY_MS),
      fingerprint256: leaf.fingerprint256,
    },
  };
}
