import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, type Form, type TicketKind, TITLE_MAX, useTicketForm } from './useTicketForm';

export type { TicketKind } from './useTicketForm';

/**
 * A ticket (title, description, e-mail addresses) or a bug report (subject and description), sent as
 * POST /api/tickets/. Messages appear after the first submit, then follow every keystroke.
 */
export function TicketForm({ kind }: { kind: TicketKind }) {
  const { t } = useTranslation();
  const { errors, id, field, onSubmit, pending } = useTicketForm(kind);

  const message = (name: keyof Form, hint: string) =>
    errors[name] ? (
      <p id={`${id(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : (
      <p id={`${id(name)}-hint`} className="field-hint">
        {hint}
      </p>
    );

  const bug = kind === 'bug';
  return (
    <form className="form ticket-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={id('title')}>{t(bug ? 'contact.subject' : 'contact.ticketTitle')}</label>
        <input type="text" maxLength={TITLE_MAX} required {...field('title')} />
        {message('title', t(bug ? 'contact.subjectHint' : 'contact.titleHint'))}
      </div>
      <div className="field">
        <label htmlFor={id('description')}>{t('contact.description')}</label>
        <textarea rows={6} maxLength={DESCRIPTION_MAX} required {...field('description')} />
        {message('description', t(bug ? 'contact.bugDescriptionHint' : 'contact.descriptionHint'))}
      </div>
      {bug ? null : (
        <div className="field">
          <label htmlFor={id('emailAddresses')}>{t('contact.emailAddresses')}</label>
          <input type="text" inputMode="email" autoComplete="email" {...field('emailAddresses')} />
          {message('emailAddresses', t('contact.emailAddressesHint'))}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={pending}>
          {t(bug ? 'contact.submitBug' : 'contact.submit')}
        </button>
      </div>
    </form>
  );
}
