import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Cloudflare Turnstile, the human check: its script, and the frame it shows a challenge in. */
const TURNSTILE = 'https://challenges.cloudflare.com';

/** The policy every page of the SPA runs under; `inlineScripts` are the hashes of index.html's inline scripts. */
function contentSecurityPolicy(inlineScripts: string[]): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScripts, TURNSTILE].join(' '),
    // react-hot-toast (goober) and react-easy-crop write their CSS into <style> elements at run time; goober
    // keeps appending to one, so no hash can match it, and a static header can carry no per-response nonce.
    "style-src 'self' 'unsafe-inline'",
    // data: for the favicon, blob: for the image being cropped in the avatar editor.
    "img-src 'self' data: blob:",
    // 'self' covers ws: and wss: of the same host and port (CSP Level 3, Chromium, Firefox, Safari):
    // the live sockets under /api/ws need nothing more.
    "connect-src 'self'",
    `frame-src ${TURNSTILE}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The CSP source of each inline (src-less) script of an HTML document, by its SHA-256 hash. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}

/**
 * Writes `_headers` beside the built index.html. Workers Static Assets serve the SPA (index.html, the
 * fallback for every non-API path, the bundles) without running the Worker, and apply this file's rules
 * to those answers. The theme bootstrap in index.html stays inline, so a light-theme visitor never sees
 * a dark flash nor waits for one more request before the first paint; its hash is taken from the file
 * as built, so the policy always matches what is served.
 */
function securityHeaders(): Plugin {
  return {
    name: 'yamb-security-headers',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) throw new Error('yamb-security-headers: the build has no output directory');
      const html = await readFile(join(dir, 'index.html'), 'utf8');
      const rules = [
        '# Written by vite.config.ts at build time: the script hash must match the built index.html.',
        '/*',
        `  Content-Security-Policy: ${contentSecurityPolicy(inlineScriptHashes(html))}`,
        '  X-Content-Type-Options: nosniff',
        '  Referrer-Policy: strict-origin-when-cross-origin',
        '  X-Frame-Options: DENY',
        // Vite names every bundle after a hash of its content: a changed file is a new address, so a
        // browser may keep each one for good instead of asking again on every visit.
        '/assets/*',
        '  Cache-Control: public, max-age=31536000, immutable',
        // The service worker and the manifest keep their names from one version to the next: the browser
        // asks again each time it checks for an update (an update waiting is how a new version arrives).
        '/sw.js',
        '  Cache-Control: no-cache',
        '/manifest.webmanifest',
        '  Cache-Control: no-cache',
        '',
      ];
      await writeFile(join(dir, '_headers'), rules.join('\n'));
    },
  };
}

/** Each theme's page colour (web/styles.css `--bg`): the installed app's title bar and splash screen. */
const THEME_COLOURS = { dark: '#0d241d', light: '#f5eedd' };

/** The precache (the offline shell) may not grow past this: the build fails instead (issue 28). */
const PRECACHE_LIMIT_BYTES = 1.5 * 1024 * 1024;

/**
 * The installable app (issue 28): the manifest, and the service worker web/sw.ts built with the list of the
 * files it precaches: every file of the build (index.html, each chunk, the hint's Web Worker, the other
 * language's strings, the icons), so the app opens and a practice game is played with no network. The
 * worker is registered by web/pwa/register.ts after the play screen is up, and waits for the player's click
 * to take over (registerType 'prompt'). The build prints the precache's count and size, and fails past the
 * limit.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    // Relative to Vite's root (web/).
    srcDir: '.',
    filename: 'sw.ts',
    registerType: 'prompt',
    // web/pwa/register.ts registers it, later than the plugin's own script would.
    injectRegister: false,
    // The icons are in the precache already (globPatterns below): not twice.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Yamb',
      short_name: 'Yamb',
      description:
        'Yamb — the Balkan five-dice game: solo games, live clashes, rankings and practice at the table.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOURS.dark,
      background_color: THEME_COLOURS.dark,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
      manifestTransforms: [
        (entries) => {
          const bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
          if (bytes > PRECACHE_LIMIT_BYTES) {
            throw new Error(
              `The precache is ${(bytes / 1024).toFixed(0)} KiB, over its limit of ` +
                `${(PRECACHE_LIMIT_BYTES / 1024).toFixed(0)} KiB (vite.config.ts PRECACHE_LIMIT_BYTES)`,
            );
          }
          return { manifest: entries, warnings: [] };
        },
      ],
    },
  });
}

/**
 * react-router 7's package exports name only its development build (remix-run/react-router#14102): its
 * production build, beside it in the package, is the same code without the development warnings.
 */
const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The SPA lives in web/ and is built into dist/web, which wrangler.toml serves as static assets.
// In `npm run dev` the API stays on the Worker (wrangler dev on 8787); Vite proxies /api, sockets included.
export default defineConfig(({ command }) => ({
  root: 'web',
  plugins: [react(), securityHeaders(), installableApp()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  build: {
    outDir: '../dist/web',
    // Every browser the app supports preloads modules itself (Chromium, Firefox 115+, Safari 17+): no polyfill
    // in the first load.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // The first-load chunk (below) is ~470 kB before compression (~149 kB gzipped, bench/first-load.mjs, whose
    // target is 150): meant, not a slip. A warning past 500 kB says the first load has grown again.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        // Everything the first load of `/` imports statically is one chunk beside the entry: left to itself
        // the bundler cuts it into ~18 small shared chunks, and the local asset server answers them one after
        // another (~200 ms more before the app runs). Screens loaded on demand keep their own chunks.
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', ws: true },
    },
  },
}));
