declare module 'cloudflare:test' {
  interface ProvidedEnv extends Cloudflare.Env {}
}
