import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { database } from '../../worker/db/client';
import { replaceAvatarKey } from '../../worker/db/avatars';
import { call, fileForm, json, type Player, pngImage, registerPlayer } from './helpers';

const keyOf = (player: Player) => player.avatar?.url.split('/').pop() ?? null;

/** Every R2 object of the player's: their keys start with the player's id. */
async function storedKeys(playerId: number): Promise<string[]> {
  const listing = await env.AVATARS.list({ prefix: `${playerId}-` });
  return listing.objects.map((object) => object.key);
}

describe('avatar uploads at the same time', () => {
  it('ten parallel uploads leave exactly one image in R2, the one the player shows', async () => {
    const { jar, player } = await registerPlayer();
    const images = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pngImage(300, 300, [i * 20, 100, 200 - i * 20])),
    );
    const responses = await Promise.all(
      images.map((png) =>
        call(player._links.avatar?.href as string, { method: 'PUT', jar: jar.clone(), body: fileForm(png) }),
      ),
    );

    const answers = await Promise.all(
      responses.map(async (response) => ({ status: response.status, body: await json(response) })),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    // The others learn that another upload won, and may try again.
    for (const { status, body } of answers.filter((a) => a.status !== 200)) {
      expect({ status, key: body.key }).toEqual({ status: 409, key: 'avatar-changed' });
    }

    const shown = keyOf(await json<Player>(await call('/players/me', { jar })));
    expect(shown).not.toBeNull();
    expect(await storedKeys(player.id)).toEqual([shown]);
    const stored = await env.AVATARS.get(shown as string);
    const bytes = new Uint8Array(await (stored as R2ObjectBody).arrayBuffer());
    expect(images.some((png) => png.length === bytes.length && png.every((b, i) => b === bytes[i]))).toBe(
      true,
    );
  });

  it('a later upload still replaces the winner and deletes it', async () => {
    const { jar, player } = await registerPlayer();
    const upload = async (rgb: [number, number, number]) =>
      json<Player>(
        await call(player._links.avatar?.href as string, {
          method: 'PUT',
          jar,
          body: fileForm(await pngImage(300, 300, rgb)),
        }),
      );
    const first = keyOf(await upload([1, 1, 1]));
    const second = keyOf(await upload([2, 2, 2]));
    expect(second).not.toBe(first);
    expect(await storedKeys(player.id)).toEqual([second]);
  });

  it('the player row changes only from the key the upload read (compare-and-set)', async () => {
    const { player } = await registerPlayer();
    const db = database(env.DB);
    const won = await replaceAvatarKey(db, player.id, null, `${player.id}-AAAAAAAAAAAAAAAA.png`);
    expect(won?.avatarKey).toBe(`${player.id}-AAAAAAAAAAAAAAAA.png`);
    // A second writer that also read "no avatar" loses and changes nothing.
    expect(await replaceAvatarKey(db, player.id, null, `${player.id}-BBBBBBBBBBBBBBBB.png`)).toBeNull();
    expect(await replaceAvatarKey(db, player.id, `${player.id}-CCCCCCCCCCCCCCCC.png`, 'x')).toBeNull();
    const now = await replaceAvatarKey(
      db,
      player.id,
      `${player.id}-AAAAAAAAAAAAAAAA.png`,
      `${player.id}-DDDDDDDDDDDDDDDD.png`,
    );
    expect(now?.avatarKey).toBe(`${player.id}-DDDDDDDDDDDDDDDD.png`);
  });
});
