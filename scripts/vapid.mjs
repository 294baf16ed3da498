// `npm run vapid`: prints a new VAPID key pair for Web Push (issue 29), in the form the Worker's secrets take:
// the public key as base64url of the raw P-256 point, the private key as base64url of its scalar `d` (the
// same form as `web-push generate-vapid-keys`). README "Deploy" says how they are set and rotated.
// Also the module that gives local runs (npm start, npm run dev, the browser tests) their development pair.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A new P-256 key pair as { publicKey, privateKey } strings. */
export function generateVapidKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

/** Where local runs keep their development pair: under .wrangler/ (never committed), made once. */
const DEV_KEYS = '.wrangler/vapid-dev.json';

/**
 * The development key pair, made on first use and kept, so that a browser subscribed under `npm start` stays
 * subscribed across restarts. Production never sees it: its keys are the Worker's secrets.
 */
export function devVapidKeys(file = DEV_KEYS) {
  if (existsSync(file)) {
    try {
      const keys = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') return keys;
    } catch {
      // A broken file is made anew below.
    }
  }
  const keys = generateVapidKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const keys = generateVapidKeys();
  console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
  console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
  console.log('');
  console.log("Set them as the Worker's secrets (each command asks for the value):");
  console.log('  npx wrangler secret put VAPID_PUBLIC_KEY');
  console.log('  npx wrangler secret put VAPID_PRIVATE_KEY');
  console.log('  npx wrangler secret put VAPID_SUBJECT    # mailto:you@example.com or https://your.site');
}
