import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClashResource } from '../../../contract/clashes';
import { ConfirmDialog } from '../ConfirmDialog';
import { freeSeats } from './model';
import { type PickedPlayer, PlayerPicker } from './PlayerPicker';

/** The invited viewer's answer: a button for each of the server's accept and decline links. */
export function LobbyAnswer({
  onAccept,
  onDecline,
  pending,
}: {
  onAccept: (() => void) | null;
  onDecline: (() => void) | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  if (!onAccept && !onDecline) return null;
  return (
    <div className="clash-answer">
      {onAccept ? (
        <button type="button" className="button button-primary" disabled={pending} onClick={onAccept}>
          {t('clashes.lobby.accept')}
        </button>
      ) : null}
      {onDecline ? (
        <button type="button" className="button" disabled={pending} onClick={onDecline}>
          {t('clashes.lobby.decline')}
        </button>
      ) : null}
    </div>
  );
}

/** The owner's form for inviting more players, shown while the server gives the add link. */
export function LobbyAdd({
  clash,
  onAdd,
  pending,
}: {
  clash: ClashResource;
  /** Calls `done` once the server has added them. */
  onAdd: (playerIds: number[], done: () => void) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<PickedPlayer[]>([]);
  return (
    <form
      className="card clash-add"
      onSubmit={(event) => {
        event.preventDefault();
        if (adding.length === 0) return;
        onAdd(
          adding.map((p) => p.id),
          () => setAdding([]),
        );
      }}
    >
      <PlayerPicker
        id="clash-add-players"
        label={t('clashes.lobby.addPlayers')}
        selected={adding}
        onChange={setAdding}
        max={freeSeats(clash)}
        exclude={clash.players.map((p) => p.id)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={adding.length === 0 || pending}>
          {t('clashes.lobby.add')}
        </button>
      </div>
    </form>
  );
}

/** The owner's delete button and its confirmation. */
export function LobbyDelete({
  clash,
  onDelete,
  pending,
}: {
  clash: ClashResource;
  onDelete: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="clash-danger">
        <button
          type="button"
          className="button button-danger"
          disabled={pending}
          onClick={() => setConfirming(true)}
        >
          {t('clashes.lobby.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('clashes.lobby.deleteTitle')}
        message={t('clashes.lobby.deleteText', { name: clash.name })}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      />
    </>
  );
}
