import { describe, expect, it } from 'vitest';
import { reloadsForStaleChunk } from '../../web/components/RouteError';

// After a deploy, a tab opened before it asks for a lazy screen's chunk that is gone: one reload fetches
// the new build; a failure again right after is shown, not reloaded forever.
describe('a stale chunk', () => {
  const now = 1_000_000;
  const chromium = new TypeError(
    'Failed to fetch dynamically imported module: http://x/assets/Rankings-1a2b.js',
  );
  const safari = new TypeError('Importing a module script failed.');

  it('reloads the page once', () => {
    expect(reloadsForStaleChunk(chromium, null, now)).toBe(true);
    expect(reloadsForStaleChunk(safari, null, now)).toBe(true);
  });

  it('does not reload again within a minute of the last reload', () => {
    expect(reloadsForStaleChunk(chromium, now - 5_000, now)).toBe(false);
    expect(reloadsForStaleChunk(chromium, now - 61_000, now)).toBe(true);
  });

  it('leaves every other error to the error page', () => {
    expect(reloadsForStaleChunk(new Error('Cannot read properties of undefined'), null, now)).toBe(false);
    expect(reloadsForStaleChunk('Failed to fetch dynamically imported module', null, now)).toBe(false);
  });
});
