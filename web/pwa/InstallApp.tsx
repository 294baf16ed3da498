import { useReducer, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './pwa.css';

/** Chromium's `beforeinstallprompt` event (not in the DOM library: no other engine has it). */
interface InstallOffer extends Event {
  prompt: () => Promise<unknown>;
}

declare global {
  interface Window {
    /** The browser's offer to install the app, kept by index.html's inline script; null once installed. */
    installOffer?: InstallOffer | null;
  }
}

const onOfferChange = (listener: () => void) => {
  addEventListener('beforeinstallprompt', listener);
  addEventListener('appinstalled', listener);
  return () => {
    removeEventListener('beforeinstallprompt', listener);
    removeEventListener('appinstalled', listener);
  };
};

/**
 * The settings' "Install app" (issue 28): only while the browser offers installation (Chromium's
 * beforeinstallprompt); the click shows the browser's own install dialog.
 */
export function InstallApp() {
  const { t } = useTranslation();
  const offer = useSyncExternalStore(onOfferChange, () => window.installOffer ?? null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (!offer) return null;
  const install = () => {
    // An offer is good for one dialog: the button goes (the browser may offer again if it is dismissed).
    window.installOffer = null;
    rerender();
    void offer.prompt();
  };
  return (
    <div className="field install-app">
      <p className="install-app-title">{t('pwa.app')}</p>
      <button
        type="button"
        className="button"
        onClick={install}
        aria-describedby="install-app-hint"
        data-testid="install-app"
      >
        {t('pwa.install')}
      </button>
      <p id="install-app-hint" className="muted">
        {t('pwa.installHint')}
      </p>
    </div>
  );
}
