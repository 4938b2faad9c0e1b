/**
 * A software authenticator for tests of passkeys outside a browser (the e2e tests use Chromium's
 * virtual authenticator): an ES256 key pair whose registration (`none` attestation) and signed
 * assertions @simplewebauthn/server verifies like a real device's.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export type SoftAuthenticator = {
  credentialId: string;
  /** The browser's answer to registration options (`challenge` from the server). */
  register(challenge: string, origin: string, rpId: string): Record<string, unknown>;
  /** The browser's answer to authentication options. */
  assert(challenge: string, origin: string, rpId: string, userId?: string): Record<string, unknown>;
};

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const header = (rpId: string, flags: number) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    register(challenge, origin, rpId) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      // User present, user verified, attested credential data included.
      const authData = Buffer.concat([header(rpId, 0x45), Buffer.alloc(16), length, credentialId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(challenge, origin, rpId, userId) {
      const authData = header(rpId, 0x05);
      const data = clientData('webauthn.get', challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userId ? { userHandle: b64url(userId) } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
}
