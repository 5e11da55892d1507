// Facts about certificate and key files named in a config, gathered by the certs stage (I/O) for rules.
export type CertificateRole =
  | 'ca'          // trust anchor for the data store's certificate
  | 'client-cert' // X.509 client certificate for the data store
  | 'client-key'
  | 'server-cert' // TLS certificate of the gateway's own REST listeners
  | 'server-key';

export interface CertificateFacts {
  /** Canonical pointer of the path value in the config. */
  pointer: string;
  role: CertificateRole;
  path: string;
  /** The path resolved against the gateway's working directory. */
  resolvedPath?: string;
  /** Pointer of the other half of the pair (cert <-> key), when the config names one. */
  pairPointer?: string;
  /** Pointer of the CA that should sign this client certificate, when the config names one. */
  caPointer?: string;
  readable: boolean;
  /** The file does not exist on this machine (which need not be the gateway host). */
  missing?: boolean;
  /** Outside the repository and not allowed: not read (docs/security.md). */
  outside?: boolean;
  /** Why it could not be read or parsed. */
  error?: string;
  /** For certificates: subject common name, validity end (ISO 8601), count of certificates in the file. */
  subject?: string;
  /** Validity start (ISO 8601). */
  notBefore?: string;
  expires?: string;
  certificateCount?: number;
  /** For keys: whether it matches the paired certificate (undefined when unknown). */
  matchesPair?: boolean;
  /** For client certificates: whether it is signed by the configured CA (undefined when unknown). */
  signedByCa?: boolean;
}
