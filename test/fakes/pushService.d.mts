// Types of pushService.mjs for the TypeScript tests.

export interface FakeSubscription {
  id: string;
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  id: string;
  payload: { kind: string; title: string; body: string; link: string };
  receivedAt: number;
}

export interface FakePushService {
  url: string;
  subscribe(): FakeSubscription;
  received: ReceivedPush[];
  refused: { id: string; reason: string }[];
  setStatus(id: string, status: number): void;
  close(): Promise<void>;
}

export function startPushService(options?: { port?: number; publicKey?: string }): Promise<FakePushService>;
