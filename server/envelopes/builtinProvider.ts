import { SIGNING_LINK_TTL_MS, SIGNING_PATH } from '../../src/domain/envelopes/envelopeRules.ts';
import { hashToken, newToken } from '../auth/sessions.ts';
import type { EnvelopeProvider } from './provider.ts';

/**
 * The built-in provider: the signer opens this server's signing page (/sign/{token}, no sign-in), draws on the pad
 * and signs. The token is 256 random bits; only its SHA-256 is kept, and it is shown once, to the caller of
 * generateUrl.
 */
export const builtinProvider: EnvelopeProvider = {
  name: 'builtin',
  async signingUrl({ envelope, baseUrl, now }) {
    const token = newToken();
    return {
      url: `${baseUrl.replace(/\/+$/, '')}${SIGNING_PATH}/${token}`,
      expiresAt: new Date(now.getTime() + SIGNING_LINK_TTL_MS),
      tokenHash: hashToken(token),
      providerEnvelopeId: envelope.id,
    };
  },
};
