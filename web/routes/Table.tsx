import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../api/client';
import { useTableGames } from '../api/tableGames';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import { startPractice, unfinishedPractice, usePracticeName } from '../components/tableGame/practice';
import { SavedTableGames } from '../components/tableGame/SavedTableGames';
import { TableStartForm } from '../components/tableGame/TableStartForm';
import '../components/tableGame/table.css';
import { useTitle } from '../components/useTitle';

/**
 * `/table`: games played on this device, online or off (issue 28): a practice game, pass and play for one to
 * six players, and the saved games. `?start=practice` opens the unfinished practice game, or a new one, at
 * once (the offline screen links here).
 */
export default function Table() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const firstName = useFirstName();
  useTitle(t('table.title'));
  if (params.get('start') === 'practice') return <PracticeNow />;
  return (
    <section className="page table-page" aria-labelledby="table-title">
      <h1 id="table-title">{t('table.title')}</h1>
      <p className="table-lead">{t('table.lead')}</p>
      <PracticeCard />
      <TableStartForm firstName={firstName} />
      <SavedTableGames />
    </section>
  );
}

/** The first pass-and-play name: a signed-in player's own (a guest's made-up name is left for them to type). */
function useFirstName(): string {
  const { t } = useTranslation();
  const name = usePracticeName();
  return name === t('table.you') ? '' : name;
}

function PracticeCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const name = usePracticeName();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setStarting(true);
    try {
      const game = await startPractice(client, name);
      void navigate(`/table/${game.id}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setStarting(false);
    }
  };
  return (
    <section className="card table-practice" aria-labelledby="table-practice-title">
      <h2 id="table-practice-title">{t('table.practice.title')}</h2>
      <p className="muted">{t('table.practice.text')}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary"
        disabled={starting}
        onClick={() => void start()}
      >
        {t(starting ? 'table.practice.starting' : 'table.practice.start')}
      </button>
    </section>
  );
}

/** `?start=practice`: the latest unfinished practice game, or a new one, in place of this address. */
function PracticeNow() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const name = usePracticeName();
  const games = useTableGames();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const list = games.data;

  useEffect(() => {
    if (!list || started.current) return;
    started.current = true;
    const resume = unfinishedPractice(list);
    (resume ? Promise.resolve(resume) : startPractice(client, name)).then(
      (game) => void navigate(`/table/${game.id}`, { replace: true }),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  }, [list, client, name, navigate]);

  if (error) return <GameFailed message={error} />;
  if (games.isError) return <GameFailed message={games.error.message} onRetry={() => void games.refetch()} />;
  return <GameLoading />;
}
