// Types of vapid.mjs for vitest.config.ts.

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

export function generateVapidKeys(): VapidKeyPair;
export function devVapidKeys(file?: string): VapidKeyPair;
