declare module 'cloudflare:test' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging gives env its bindings.
  interface ProvidedEnv extends Cloudflare.Env {}
}
