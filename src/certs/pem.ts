// Reading PEM text with Node's X509Certificate: certificates, keys, chains. Pure (no file system).
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';

const CERTIFICATE_MARKER = '-----BEGIN CERTIFICATE-----';
const KEY_LABELS = ['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY'];

/**
 * The PEM blocks of one label, found with indexOf: a lazy `[\s\S]*?` between the markers rescans the rest
 * of the text from every BEGIN line that has no END (quadratic in a file of BEGIN lines).
 */
function pemBlocks(text: string, label: string, limit = Infinity): string[] {
  const begin = `-----BEGIN ${label}-----`;
  const end = `-----END ${label}-----`;
  const blocks: string[] = [];
  let from = 0;
  while (blocks.length < limit) {
    const start = text.indexOf(begin, from);
    if (start < 0) break;
    const stop = text.indexOf(end, start + begin.length);
    if (stop < 0) break; // no END after this BEGIN: none after any later BEGIN either
    blocks.push(text.slice(start, stop + end.length));
    from = stop + end.length;
  }
  return blocks;
}

/** The first private key block, of whichever label comes first in the text. */
function firstKeyBlock(text: string): { label: string; block: string } | null {
  let best: { label: string; block: string; at: number } | null = null;
  for (const label of KEY_LABELS) {
    const block = pemBlocks(text, label, 1)[0];
    if (block === undefined) continue;
    const at = text.indexOf(block);
    if (!best || at < best.at) best = { label, block, at };
  }
  return best;
}

export interface ParsedCertificates {
  certificates: X509Certificate[];
  /** Why the text holds no usable certificate (undefined when at least one parsed). */
  error?: string;
}

/** Every PEM certificate in the text, in order. The gateway (Go) accepts PEM only, never DER. */
export function parseCertificates(text: string | Buffer): ParsedCertificates {
  const source = typeof text === 'string' ? text : text.toString('latin1');
  const blocks = pemBlocks(source, 'CERTIFICATE');
  const certificates: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      return { certificates: [], error: 'a PEM certificate block in it cannot be decoded' };
    }
  }
  if (certificates.length > 0) return { certificates };
  if (typeof text !== 'string' && looksLikeDer(text)) {
    return { certificates: [], error: 'it is a DER (binary) certificate; the gateway reads PEM only (convert it with `openssl x509 -inform der -outform pem`)' };
  }
  if (firstKeyBlock(source)) return { certificates: [], error: 'it holds a private key, not a certificate' };
  return { certificates: [], error: 'it holds no PEM certificate' };
}

function looksLikeDer(bytes: Buffer): boolean {
  try {
    new X509Certificate(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface ParsedKey {
  key?: KeyObject;
  error?: string;
}

/** The first PEM private key in the text. Error messages never quote the key. */
export function parsePrivateKey(text: string): ParsedKey {
  const match = firstKeyBlock(text);
  if (!match) {
    return { error: text.includes(CERTIFICATE_MARKER) ? 'it holds a certificate, not a private key' : 'it holds no PEM private key' };
  }
  if (match.label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:[ \t]*4,ENCRYPTED/.test(match.block)) {
    return { error: 'the private key is encrypted; the gateway cannot use a key that needs a passphrase' };
  }
  try {
    return { key: createPrivateKey(match.block) };
  } catch {
    return { error: 'the private key cannot be decoded' };
  }
}

/** The subject common name (CN), or the whole subject when it has none. */
export function subjectCommonName(certificate: X509Certificate): string {
  const lines = certificate.subject.split('\n');
  const cn = lines.find((line) => line.startsWith('CN='));
  return cn ? cn.slice(3) : lines.join(', ');
}

export function validTo(certificate: X509Certificate): string {
  return new Date(certificate.validTo).toISOString();
}

export function validFrom(certificate: X509Certificate): string {
  return new Date(certificate.validFrom).toISOString();
}

function issuedBy(subject: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/**
 * Whether `leaf` chains to one of `anchors`, through intermediates found in `intermediates`
 * (a client certificate file may carry its chain after the leaf).
 */
export function chainsTo(leaf: X509Certificate, anchors: readonly X509Certificate[], intermediates: readonly X509Certificate[] = []): boolean {
  let current = leaf;
  const unused = [...intermediates];
  for (let depth = 0; depth < 10; depth++) {
    if (anchors.some((anchor) => issuedBy(current, anchor))) return true;
    const next = unused.findIndex((candidate) => issuedBy(current, candidate));
    if (next < 0) return false;
    current = unused[next];
    unused.splice(next, 1);
  }
  return false;
}

export function keyMatchesCertificate(certificate: X509Certificate, key: KeyObject): boolean {
  try {
    return certificate.checkPrivateKey(key);
  } catch {
    return false;
  }
}
