import { useEffect, useRef, useState } from 'react';
import type { BoxType } from '../../../game/types';
import type { ColumnType } from '../../../game/rules';
import type { GameResource } from '../../../contract/games';

/** The box the last fill wrote glows for `ms`, whoever filled it (a watcher sees it too). */
export function useFillGlow(game: GameResource, ms: number): { column: ColumnType; box: BoxType } | null {
  const [glow, setGlow] = useState<{ column: ColumnType; box: BoxType } | null>(null);
  const { latestColumnFilled: column, latestBoxFilled: box } = game;
  const fillSignature =
    game.lastAction === 'FILL' && column && box ? `${game.id}:${column}:${box}:${game.updatedAt}` : null;
  const seenFill = useRef(fillSignature);
  useEffect(() => {
    if (fillSignature === seenFill.current) return;
    seenFill.current = fillSignature;
    if (!fillSignature || !column || !box) return;
    setGlow({ column, box });
    const timer = setTimeout(() => setGlow(null), ms);
    return () => clearTimeout(timer);
  }, [fillSignature, column, box, ms]);
  return glow;
}
