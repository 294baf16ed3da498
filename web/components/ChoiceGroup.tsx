import type { ReactNode } from 'react';

/**
 * A set of radio buttons under a legend, one of `choices` checked; `children` follow the choices (a hint,
 * named by `describedBy`). Disabled as a whole while `disabled` (a choice still loading or being saved).
 */
export function ChoiceGroup<T extends string | number | null>({
  name,
  legend,
  choices,
  value: selected,
  label,
  onChange,
  className,
  describedBy,
  disabled,
  children,
}: {
  name: string;
  legend: ReactNode;
  choices: readonly T[];
  value: T | undefined;
  label: (value: T) => ReactNode;
  onChange: (value: T) => void;
  className?: string;
  describedBy?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <fieldset
      className={className ? `choice-group ${className}` : 'choice-group'}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      {choices.map((value) => (
        <label key={value ?? 'none'} className="choice">
          <input
            type="radio"
            name={name}
            value={value ?? ''}
            checked={selected === value}
            onChange={() => onChange(value)}
          />
          <span>{label(value)}</span>
        </label>
      ))}
      {children}
    </fieldset>
  );
}
