import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerRef } from '../../../contract/playerRef';
import type { ReplayFrame } from '../../../game/replay';
import type { GameState } from '../../../game/types';
import { Dice } from '../game/Dice';
import { Sheet } from '../game/Sheet';
import { sheetView } from '../game/view';

const NOTHING_TO_DO = () => {};

/** The dice as they stood at `frame`, the held ones those a roll kept; blank before the game's first roll. */
export function ReplayDice({ frame, state }: { frame: ReplayFrame; state: GameState | undefined }) {
  const dice = state?.dice ?? [];
  const rolled = frame.move !== null;
  const held = useMemo(() => new Set(frame.move?.kind === 'ROLL' ? frame.move.held : []), [frame]);
  return (
    <Dice
      faces={rolled ? dice : dice.map(() => 0)}
      tumbling={dice.map(() => false)}
      held={held}
      advised={[]}
      interactive={false}
      canHold={false}
      onToggle={NOTHING_TO_DO}
    />
  );
}

/** One player's sheet as it stood, read-only (the game screen's Sheet). */
export function ReplaySheet({
  state,
  player,
  titled,
  onTurn,
}: {
  state: GameState;
  player: PlayerRef;
  titled: boolean;
  onTurn: boolean;
}) {
  const { t } = useTranslation();
  const view = useMemo(() => sheetView(state, { fill: false, announce: false }, false), [state]);
  const sheet = (
    <div className="board-sheet">
      <Sheet view={view} glow={null} marked={null} locked onCell={NOTHING_TO_DO} />
    </div>
  );
  if (!titled) return sheet;
  return (
    <section
      className={onTurn ? 'replay-sheet replay-sheet--on-turn' : 'replay-sheet'}
      aria-label={t('replay.sheetOf', { name: player.name })}
    >
      <h2 className="replay-sheet-title">
        <span>{player.name}</span>
        {onTurn ? <span className="board-chip">{t('replay.onTurn')}</span> : null}
      </h2>
      {sheet}
    </section>
  );
}

/** Every game's sheet at the moment: one for a solo or daily game, every player's for a clash. */
export function ReplaySheets({
  frame,
  games,
}: {
  frame: ReplayFrame;
  games: readonly { id: number; player: PlayerRef }[];
}) {
  const clash = games.length > 1;
  return (
    <div className={clash ? 'replay-sheets replay-sheets--clash' : 'replay-sheets'}>
      {games.map((game) => {
        const state = frame.states[game.id];
        return state ? (
          <ReplaySheet
            key={game.id}
            state={state}
            player={game.player}
            titled={clash}
            onTurn={clash && frame.gameId === game.id && frame.move !== null}
          />
        ) : null;
      })}
    </div>
  );
}
