import { useTranslation } from 'react-i18next';
import { PasswordField, TextField, type TextFieldProps } from './Field';

/** What the account fields take: the input's kind and the browser hints are theirs to set. */
type AccountFieldProps = Omit<TextFieldProps, 'type'>;

/** A username (or the sign-in identifier): typed as is, no capitals, no corrections. */
export function UsernameField(props: AccountFieldProps) {
  return (
    <TextField
      type="text"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** An e-mail address, with the phone's e-mail keyboard. */
export function EmailField(props: AccountFieldProps) {
  return (
    <TextField
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      {...props}
    />
  );
}

/** The password the player has now (sign-in, change of password). */
export function CurrentPasswordField(props: Omit<AccountFieldProps, 'addon'>) {
  return <PasswordField autoComplete="current-password" {...props} />;
}

/** A password being chosen, with the rules for it under the field. */
export function NewPasswordField(props: Omit<AccountFieldProps, 'addon' | 'hint'>) {
  const { t } = useTranslation();
  return <PasswordField autoComplete="new-password" hint={t('auth.register.passwordHint')} {...props} />;
}
