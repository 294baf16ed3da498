import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DieFace } from './DieFace';

/** SPEC section 9: the spinner die changes face every 500 ms. */
export const FACE_CHANGE_MS = 500;

/**
 * The loading screen: a die that rotates and shows a new face every 500 ms. Under
 * prefers-reduced-motion the CSS stops the rotation; the face still changes (it is not motion).
 */
export function LoadingDie() {
  const { t } = useTranslation();
  const [face, setFace] = useState(5);

  useEffect(() => {
    const timer = setInterval(() => {
      // Always a different face, so every change is visible.
      setFace((current) => ((current + Math.floor(Math.random() * 5)) % 6) + 1);
    }, FACE_CHANGE_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <DieFace value={face} size={96} className="loading-die" />
      <p className="loading-text">{t('app.loading')}</p>
    </div>
  );
}
