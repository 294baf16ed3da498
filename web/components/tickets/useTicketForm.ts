import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/session';
import { useSubmitTicket } from '../../api/tickets';
import { TICKET_DESCRIPTION_MAX, TICKET_EMAILS_MAX, TICKET_TITLE_MAX } from '../../../contract/tickets';
import { invalidEmails, splitEmails } from './emails';

export type TicketKind = 'ticket' | 'bug';

export interface Form {
  title: string;
  description: string;
  emailAddresses: string;
}

type Errors = Partial<Record<keyof Form, string>>;

export const TITLE_MAX = TICKET_TITLE_MAX;
export const DESCRIPTION_MAX = TICKET_DESCRIPTION_MAX;

type T = (key: string, options?: Record<string, unknown>) => string;

function validate(form: Form, kind: TicketKind, t: T): Errors {
  const errors: Errors = {};
  const title = kind === 'bug' ? 'subject' : 'title';
  if (!form.title.trim()) errors.title = t(`contact.errors.${title}Required`);
  else if (form.title.length > TITLE_MAX)
    errors.title = t(`contact.errors.${title}TooLong`, { max: TITLE_MAX });
  if (!form.description.trim()) errors.description = t('contact.errors.descriptionRequired');
  else if (form.description.length > DESCRIPTION_MAX)
    errors.description = t('contact.errors.descriptionTooLong', { max: DESCRIPTION_MAX });
  const invalid = kind === 'ticket' ? invalidEmails(form.emailAddresses) : [];
  if (invalid.length > 0)
    errors.emailAddresses = t('contact.errors.emailInvalid', { emails: invalid.join(', ') });
  else if (kind === 'ticket' && splitEmails(form.emailAddresses).length > TICKET_EMAILS_MAX)
    errors.emailAddresses = t('contact.errors.emailsTooMany', { max: TICKET_EMAILS_MAX });
  return errors;
}

/** The ticket form's values, its messages (after the first submit) and the submit. */
export function useTicketForm(kind: TicketKind) {
  const { t } = useTranslation();
  const { player } = useSession();
  const empty: Form = { title: '', description: '', emailAddresses: player?.email ?? '' };
  const [form, setForm] = useState<Form>(empty);
  const [submitted, setSubmitted] = useState(false);
  const submit = useSubmitTicket();
  const errors = submitted ? validate(form, kind, t) : {};
  const id = (name: keyof Form) => `${kind}-${name}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(form, kind, t);
    const first = (Object.keys(found) as (keyof Form)[])[0];
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    if (!player) {
      toast.error(t('contact.errors.noPlayer'));
      return;
    }
    submit.mutate(
      {
        playerId: player.id,
        title: form.title.trim(),
        description: form.description.trim(),
        emailAddresses: kind === 'ticket' ? splitEmails(form.emailAddresses) : [],
      },
      {
        onSuccess: () => {
          toast.success(t('contact.submitted'));
          setForm(empty);
          setSubmitted(false);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const field = (name: keyof Form) => ({
    id: id(name),
    name,
    value: form[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : `${id(name)}-hint`,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  return { form, errors, id, field, onSubmit, pending: submit.isPending };
}
