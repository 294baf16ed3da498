import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DieFace } from '../DieFace';

/**
 * Between two turns, in place of the board: only the next player's name and their button. The device was
 * passed on already (the board of the player who played is gone); this screen is what the next player sees
 * when they take it.
 */
export function PassCurtain({ name, onStart }: { name: string; onStart: () => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section className="card table-curtain" aria-labelledby="table-curtain-title" data-testid="pass-screen">
      <DieFace value={5} size={56} />
      <h2 id="table-curtain-title">{t('table.pass.title', { name })}</h2>
      <p className="muted">{t('table.pass.text')}</p>
      <button ref={button} type="button" className="button button-primary" onClick={onStart}>
        {t('table.pass.start', { name })}
      </button>
    </section>
  );
}
