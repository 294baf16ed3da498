import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session';

interface TicketForm {
  title: string;
  description: string;
  emailAddresses: string;
}

type Errors = Partial<Record<keyof TicketForm, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

/** "a@b.hr, c@d.com," → ["a@b.hr", "c@d.com"] */
export function splitEmails(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function validate(form: TicketForm, t: (key: string, options?: Record<string, unknown>) => string): Errors {
  const errors: Errors = {};
  if (!form.title.trim()) errors.title = t('contact.errors.titleRequired');
  else if (form.title.length > TITLE_MAX) errors.title = t('contact.errors.titleTooLong', { max: TITLE_MAX });
  if (!form.description.trim()) errors.description = t('contact.errors.descriptionRequired');
  else if (form.description.length > DESCRIPTION_MAX)
    errors.description = t('contact.errors.descriptionTooLong', { max: DESCRIPTION_MAX });
  const invalid = splitEmails(form.emailAddresses).filter((email) => !EMAIL.test(email));
  if (invalid.length > 0)
    errors.emailAddresses = t('contact.errors.emailInvalid', { emails: invalid.join(', ') });
  return errors;
}

/** The ticket form. Sending it is the tickets issue; for now a toast says tickets are coming. */
export function ContactTab() {
  const { t } = useTranslation();
  const { player } = useSession();
  const [form, setForm] = useState<TicketForm>({
    title: '',
    description: '',
    emailAddresses: player?.email ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  // Messages appear after the first submit, then follow every keystroke.
  const errors = submitted ? validate(form, t) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(form, t);
    const first = (Object.keys(found) as (keyof TicketForm)[])[0];
    if (first) {
      document.getElementById(`ticket-${first}`)?.focus();
      return;
    }
    toast(t('contact.comingSoon'), { id: 'ticket-coming-soon' });
  };

  const field = (name: keyof TicketForm) => ({
    id: `ticket-${name}`,
    name,
    value: form[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `ticket-${name}-error` : `ticket-${name}-hint`,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  const message = (name: keyof TicketForm, hint: string) =>
    errors[name] ? (
      <p id={`ticket-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : (
      <p id={`ticket-${name}-hint`} className="field-hint">
        {hint}
      </p>
    );

  return (
    <form className="card form" noValidate onSubmit={onSubmit} aria-labelledby="contact-title">
      <h2 id="contact-title">{t('contact.title')}</h2>
      <p className="muted">{t('contact.intro')}</p>
      <div className="field">
        <label htmlFor="ticket-title">{t('contact.ticketTitle')}</label>
        <input type="text" maxLength={TITLE_MAX} required {...field('title')} />
        {message('title', t('contact.titleHint'))}
      </div>
      <div className="field">
        <label htmlFor="ticket-description">{t('contact.description')}</label>
        <textarea rows={6} maxLength={DESCRIPTION_MAX} required {...field('description')} />
        {message('description', t('contact.descriptionHint'))}
      </div>
      <div className="field">
        <label htmlFor="ticket-emailAddresses">{t('contact.emailAddresses')}</label>
        <input type="text" inputMode="email" autoComplete="email" {...field('emailAddresses')} />
        {message('emailAddresses', t('contact.emailAddressesHint'))}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {t('contact.submit')}
        </button>
      </div>
    </form>
  );
}
