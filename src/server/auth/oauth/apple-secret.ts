import { importPKCS8, SignJWT } from "jose";

export interface AppleSecretInput {
  teamId: string;
  keyId: string;
  /** The Services ID: the client_id the secret is for. */
  clientId: string;
  /** PKCS #8 PEM of the Sign in with Apple key (ES256, P-256). */
  privateKey: string;
  /** Apple's issuer, https://appleid.apple.com (APPLE_ISSUER). */
  audience: string;
  /** Seconds the secret is valid; Apple allows up to six months, a few minutes is plenty. */
  ttlSeconds?: number;
  now?: Date;
}

/**
 * Apple's client secret is not a fixed string but a JWT signed with the team's key (ES256):
 * header kid = key id; iss = team id, sub = client id, aud = Apple, iat/exp. jose signs it.
 */
export async function buildAppleClientSecret(input: AppleSecretInput): Promise<string> {
  const key = await importPKCS8(input.privateKey, "ES256");
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: input.keyId })
    .setIssuer(input.teamId)
    .setSubject(input.clientId)
    .setAudience(input.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (input.ttlSeconds ?? 300))
    .sign(key);
}
