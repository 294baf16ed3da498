import { useTranslation } from 'react-i18next';
import { Deferred, onDemand } from '../onDemand';
import type { GameControls } from './useGameControls';

// Not in the first paint of a board: fetched when first shown.
const ConfirmDialog = onDemand(() => import('../ConfirmDialog').then((m) => m.ConfirmDialog));
const Congratulations = onDemand(() => import('./Congratulations').then((m) => m.Congratulations));

/** The board's dialogs: the restart's confirmation and the congratulations at the end of a solo game. */
export function BoardDialogs({ controls: c }: { controls: GameControls }) {
  const { t } = useTranslation();
  return (
    <>
      <Deferred until={c.restart.confirming}>
        <ConfirmDialog
          open={c.restart.confirming}
          title={t('game.restartTitle')}
          message={t('game.restartText')}
          danger
          onCancel={c.restart.cancel}
          onConfirm={c.restart.confirm}
        />
      </Deferred>
      <Deferred until={c.end.congratsOpen}>
        <Congratulations
          open={c.end.congratsOpen}
          total={c.sheet.view.total}
          boxes={c.sheet.view.cells.flat().length}
          onNewGame={c.end.archive}
          newGamePending={c.moves.pending}
          onShare={c.end.share}
          onClose={c.end.closeCongrats}
          replay={c.moves.game._links.replay ? `/games/${c.moves.game.id}/replay` : undefined}
        />
      </Deferred>
    </>
  );
}
