// The bindings of wrangler.toml. partyserver types its rooms against the global Cloudflare.Env,
// so the bindings are declared there and re-exported under a local name.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the runtime's global Cloudflare.Env.
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      AVATARS: R2Bucket;
      ASSETS: Fetcher;
      GAME_ROOM: DurableObjectNamespace<import('../durable-objects/GameRoom').GameRoom>;
      CLASH_ROOM: DurableObjectNamespace<import('../durable-objects/ClashRoom').ClashRoom>;
      PRESENCE: DurableObjectNamespace<import('../durable-objects/Presence').Presence>;
      ONLINE_LIST: DurableObjectNamespace<import('../durable-objects/OnlineList').OnlineList>;
      QUICK_MATCH: DurableObjectNamespace<import('../durable-objects/QuickMatch').QuickMatch>;
      /** Workers Analytics Engine dataset `yamb_metrics`: one data point per request and room moment. */
      METRICS: AnalyticsEngineDataset;
      ENVIRONMENT: 'development' | 'production' | string;
      APP_VERSION: string;
      HUMAN_CHECK: 'on' | 'off' | string;
      TURNSTILE_SITE_KEY: string;
      /** The site's address (`https://yamb.example`), where mailed links lead; else the request's own origin. */
      APP_ORIGIN?: string;
      /** Secret: Turnstile's server key. */
      TURNSTILE_SECRET?: string;
      /** Secret: HMAC key of the access tokens. */
      SESSION_SECRET?: string;
      /** Secret: the Cloudflare account whose Analytics Engine SQL API the status tab reads. */
      CF_ACCOUNT_ID?: string;
      /** Secret: an API token with Account Analytics Read, for that SQL API. */
      CF_ANALYTICS_TOKEN?: string;
      /** The Cloudflare API's base address (`https://api.cloudflare.com/client/v4` unless set: tests fake it). */
      CF_API_BASE?: string;
      /** Cloudflare Email binding, production only. */
      EMAIL?: SendEmail;
      EMAIL_FROM?: string;
      /** Secret: the VAPID public key (base64url of the raw P-256 point) browsers subscribe to Web Push with. */
      VAPID_PUBLIC_KEY?: string;
      /** Secret: the VAPID private key (base64url of the P-256 scalar `d`) push requests are signed with. */
      VAPID_PRIVATE_KEY?: string;
      /** Secret: who push services may contact about our pushes (`mailto:` or `https:`). */
      VAPID_SUBJECT?: string;
      /** Present in the Workers test pool only. */
      TEST_MIGRATIONS?: { name: string; queries: string[] }[];
    }
  }
}

export type Env = Cloudflare.Env;
