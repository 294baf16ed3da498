import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBotClash } from '../../api/clashes';
import { useQuickMatch } from '../../api/quickMatch';
import { errorMessage } from '../../api/client';
import type { PlayerResource } from '../../../contract/players';

/**
 * "Practice against Yamb Bot": one click starts an untimed clash against the bot, named after the two
 * players, in the rules chosen beside "Play someone now" just above, and opens it; the form below stays for
 * a clash with people.
 */
export function PracticeButton({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startBotClash = useBotClash();
  const { preset } = useQuickMatch();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const clash = await startBotClash(player, null, preset);
      void navigate(`/clashes/${clash.id}`);
    } catch (error) {
      toast.error(errorMessage(error));
      setStarting(false);
    }
  };
  return (
    <div className="play-now">
      <button
        type="button"
        className="button play-now-button"
        disabled={starting}
        onClick={() => void start()}
      >
        {starting ? t('clashes.practice.starting') : t('clashes.practice.start')}
      </button>
      <p className="play-now-hint">{t('clashes.practice.hint')}</p>
    </div>
  );
}
