import type { PlayerResource } from '../../contract/players';

/** "BluePanda42" → "BP", "marko" → "M". */
export function initials(name: string): string {
  const capitals = name.match(/\p{Lu}/gu);
  if (capitals && capitals.length >= 2) return capitals.slice(0, 2).join('');
  return name.slice(0, 1).toUpperCase();
}

/** A stable hue per name, so a player's initials circle keeps its colour everywhere. */
function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** The player's avatar image, else a circle with their initials. Decorative: the name is shown beside it. */
export function Avatar({
  player,
  size = 36,
}: {
  player: Pick<PlayerResource, 'name' | 'avatar'>;
  size?: number;
}) {
  const url = player.avatar?.url;
  if (url) {
    return <img className="avatar" src={url} alt="" width={size} height={size} />;
  }
  return (
    <span
      className="avatar avatar-initials"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        // 32% lightness: white initials keep 4.5:1 on every hue, the yellows included (WCAG AA).
        backgroundColor: `hsl(${hue(player.name)} 45% 32%)`,
      }}
    >
      {initials(player.name)}
    </span>
  );
}
