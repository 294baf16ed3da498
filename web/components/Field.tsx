import { type InputHTMLAttributes, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import './forms.css';

/** One form field's value and what is wrong with it, checked as the user types. */
export interface FieldState {
  value: string;
  /** The message to show under the field (translated), or null. */
  error: string | null;
  /** True when the value passes the client-side rules (a server refusal is not counted). */
  valid: boolean;
  set: (value: string) => void;
  /** Shows the field's error from now on (blur, submit). */
  touch: () => void;
  /** Shows a message the server sent about this field until the value changes. */
  fail: (message: string) => void;
  /** Puts a value back without showing an error (a failed save reverts to the old value). */
  reset: (value: string) => void;
}

/**
 * The `errors.*` key of the first rule `value` breaks, or null. The rules are the request schemas of
 * contract/ that the server checks the same field with, so the form and the server never disagree.
 */
function brokenRule(rule: v.GenericSchema, value: string): string | null {
  const result = v.safeParse(rule, value);
  return result.success ? null : (result.issues[0]?.message ?? 'input-invalid');
}

export function useField(initial: string, rule?: v.GenericSchema): FieldState {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const key = rule ? brokenRule(rule, value) : null;
  // Translated at render, so a language switch re-words the messages on screen.
  const error = touched && key ? t(`errors.${key}`) : serverMessage;

  const set = useCallback((next: string) => {
    setValue(next);
    setTouched(true);
    setServerMessage(null);
  }, []);
  const touch = useCallback(() => setTouched(true), []);
  const fail = useCallback((message: string) => setServerMessage(message), []);
  const reset = useCallback((next: string) => {
    setValue(next);
    setTouched(false);
    setServerMessage(null);
  }, []);

  return useMemo(
    () => ({ value, error, valid: key === null, set, touch, fail, reset }),
    [value, error, key, set, touch, fail, reset],
  );
}

/**
 * Touches every field so its message shows, and focuses the first invalid one.
 * Returns true when all are valid. `ids` are the inputs' ids, in the same order as `fields`.
 */
export function checkFields(fields: [FieldState, string][]): boolean {
  for (const [field] of fields) field.touch();
  const first = fields.find(([field]) => !field.valid);
  if (first) document.getElementById(first[1])?.focus();
  return !first;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  field: FieldState;
  hint?: ReactNode;
  /** Beside the input (the show-password button). */
  addon?: ReactNode;
}

/**
 * A labelled input with its hint or its error under it, tied together for screen readers. An error takes
 * the hint's place: the hint states the rule the error names, and saying it twice is noise.
 */
export function TextField({ id, label, field, hint, addon, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shownHint = field.error ? null : hint;
  const describedBy = (field.error ? errorId : shownHint ? hintId : '') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <div className={addon ? 'field-control field-control-addon' : 'field-control'}>
        <input
          id={id}
          value={field.value}
          onChange={(event) => field.set(event.target.value)}
          onBlur={field.touch}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {addon}
      </div>
      {field.error ? (
        <p id={errorId} className="field-error">
          {field.error}
        </p>
      ) : null}
      {shownHint ? (
        <p id={hintId} className="field-hint">
          {shownHint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a button that shows what was typed (typing on a phone is hard enough). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="field-addon"
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown(!shown)}
        >
          {t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
        </button>
      }
    />
  );
}

/** A message about the whole form (wrong credentials, a failed call), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
