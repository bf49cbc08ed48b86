import type { Selectable } from 'kysely';
import type { EnvelopesTable } from '../db/domainTables.ts';
import { builtinProvider } from './builtinProvider.ts';

export type EnvelopeRow = Selectable<EnvelopesTable>;

/** A signing session a provider has opened for the envelope's signer. */
export type SigningSession = {
  /** Where the signer signs: this server's /sign/{token} page, or the provider's own. */
  url: string;
  expiresAt: Date;
  /**
   * The SHA-256 of the link's secret when this server checks the link itself (the built-in provider); null when
   * the provider keeps its own secret. Only the hash is stored: a database leak hands out no live link.
   */
  tokenHash: string | null;
  /** The provider's own id for the envelope (part 2 §7 "e-signature provider envelope id"). */
  providerEnvelopeId: string;
};

export type SigningUrlRequest = {
  envelope: EnvelopeRow;
  /** This server's public address, for links back to it (PUBLIC_URL or the request's origin). */
  baseUrl: string;
  /** Where the signer goes after signing, if the caller asked (an http(s) address). */
  callback: string | null;
  now: Date;
};

/**
 * An e-signature provider (issue 15 item 5). Creating an envelope is a plain database write (it may be queued
 * offline, see the mutation `envelope.create`); a provider is called when someone asks for the signing link, which
 * needs the network anyway. Each call answers a fresh session, replacing the previous link.
 *
 * The built-in provider answers a link to this server's signing page; the page stores the signed PNG and the audit
 * record through `recordSignature` (signing.ts). An external provider (DocuSign, Adobe Sign, …) implements
 * `signingUrl` by registering the envelope with its API (the first time: keep the answer in providerEnvelopeId)
 * and asking it for the signer's recipient view with `callback` as the return address; its completion webhook, a
 * route of its own, fetches the signed image or document and calls `recordSignature` with it, so the files and
 * the audit record land in the case the same way. Add it to PROVIDERS and to ENVELOPE_PROVIDERS (src/domain).
 */
export type EnvelopeProvider = {
  readonly name: string;
  signingUrl(request: SigningUrlRequest): Promise<SigningSession>;
};

const PROVIDERS: Record<string, EnvelopeProvider> = { [builtinProvider.name]: builtinProvider };

export function providerFor(name: string): EnvelopeProvider | undefined {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
}
