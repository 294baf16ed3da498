import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in web/ and is built into dist/web, which wrangler.toml serves as static assets.
// In `npm run dev` the API stays on the Worker (wrangler dev on 8787); Vite proxies /api, sockets included.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', ws: true },
    },
  },
});
