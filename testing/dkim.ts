/**
 * DKIM for the tests: a key pair made in the test, and verification by Debian's dkimpy
 * (`python3-dkim`, installed by scripts/ensure-dkimpy.sh when missing), a verifier nobody here
 * wrote. The public key is served to it as the DNS TXT record (dkimpy's `dnsfunc`), so nothing
 * leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export type TestDkim = {
  domainName: string;
  keySelector: string;
  privateKey: string;
  /** The TXT record published at `<selector>._domainkey.<domain>`. */
  txt: string;
};

/** A fresh 2048-bit RSA key for `selector._domainkey.domain`. */
export function makeTestDkim(domainName: string, keySelector: string): TestDkim {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    domainName,
    keySelector,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    txt: `v=DKIM1; k=rsa; p=${der}`,
  };
}

// Reads {"records": {name: txt}, "messages": [raw…]} on stdin, prints one true/false per message.
const VERIFY = `
import dkim, json, sys
data = json.load(sys.stdin)
records = data["records"]
def dnsfunc(name, timeout=5):
    txt = records.get(name.decode().rstrip(".").lower())
    return txt.encode() if txt else None
print(json.dumps([bool(dkim.verify(m.encode(), dnsfunc=dnsfunc)) for m in data["messages"]]))
`;

let ensured = false;

/**
 * Whether each raw message (as received, CRLF line ends) carries a DKIM signature that dkimpy
 * verifies against `key`'s record.
 */
export function dkimVerifies(messages: string[], key: TestDkim): boolean[] {
  if (!ensured) {
    execFileSync('bash', [fileURLToPath(new URL('../scripts/ensure-dkimpy.sh', import.meta.url))], { stdio: 'inherit' });
    ensured = true;
  }
  const records = { [`${key.keySelector}._domainkey.${key.domainName}`.toLowerCase()]: key.txt };
  const out = execFileSync('/usr/bin/python3', ['-c', VERIFY], { input: JSON.stringify({ records, messages }), encoding: 'utf8' });
  return JSON.parse(out) as boolean[];
}

/** The header names a message's `DKIM-Signature` signs (its `h=` tag), lower-cased; empty without one. */
export function dkimSignedHeaders(raw: string): string[] {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const signature = /^DKIM-Signature:(.*)$/im.exec(unfolded)?.[1] ?? '';
  const h = /(?:^|;)\s*h=([^;]*)/.exec(signature)?.[1] ?? '';
  return h
    .split(':')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}
