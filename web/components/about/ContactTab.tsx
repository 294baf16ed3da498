import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/session';
import { TicketForm, type TicketKind } from '../tickets/TicketForm';
import './about.css';

/** The hash that opens the contact tab on the bug report form (the nav and error screens link to it). */
export const BUG_HASH = 'bug';

/**
 * A ticket (title, description, e-mail addresses) or a bug report (subject and description): the URL hash
 * says which (#contact or #bug), so either can be linked to.
 */
export function ContactTab() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { player } = useSession();
  const kind: TicketKind = hash === `#${BUG_HASH}` ? 'bug' : 'ticket';

  return (
    <section className="card contact" aria-labelledby="contact-title">
      <h2 id="contact-title">{t(kind === 'bug' ? 'contact.bugTitle' : 'contact.title')}</h2>
      <p className="muted">{t(kind === 'bug' ? 'contact.bugIntro' : 'contact.intro')}</p>
      <nav className="segmented" aria-label={t('contact.kindLabel')}>
        <Link
          to={{ hash: '#contact' }}
          replace
          className="segment"
          aria-current={kind === 'ticket' ? 'page' : undefined}
        >
          {t('contact.submitTicket')}
        </Link>
        <Link
          to={{ hash: `#${BUG_HASH}` }}
          replace
          className="segment"
          aria-current={kind === 'bug' ? 'page' : undefined}
        >
          {t('contact.reportBug')}
        </Link>
      </nav>
      {/* A new form per kind, so a half-written ticket does not turn into a bug report. */}
      <TicketForm key={kind} kind={kind} />
      {player ? (
        <p className="muted contact-own">
          <Link to="/tickets">{t('contact.ownTickets')}</Link>
        </p>
      ) : null}
    </section>
  );
}
