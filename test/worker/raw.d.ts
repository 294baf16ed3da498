// Vite's `?raw` suffix, as the Workers test pool resolves it: a file's text, for tests that read config.
declare module '*?raw' {
  const text: string;
  export default text;
}
