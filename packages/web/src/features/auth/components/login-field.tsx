import type { InputHTMLAttributes, ReactNode } from 'react';

export interface LoginFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  addon?: ReactNode;
}

/** A labelled input with its validation message underneath. */
export function LoginField({ id, label, error, addon, ...input }: LoginFieldProps) {
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="login-field-row">
        <input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        {addon}
      </div>
      <div className="login-field-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
