import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { tr } from '../../i18n/i18n';
import { DEFAULT_PRIMARY, PAGE_BACKGROUND, readableBrand } from '../../../domain/organisation/branding';

/**
 * The few controls the sign-in pages need, without Ant Design: those pages load before anything else, on
 * every device and network, so they carry only React. They follow antd's look (tokens in auth.css) and
 * its accessibility: every field labelled, errors announced, everything reachable by keyboard.
 */

export function AuthCard({ children, brand }: { children: ReactNode; brand?: string | null }) {
  // The workspace's colour bands the top of the page; it carries the primary button's white text only where that
  // text stays readable (WCAG AA), else the default primary does.
  const style = brand
    ? { ['--band' as string]: brand, ['--brand' as string]: readableBrand(brand, [PAGE_BACKGROUND]) ?? DEFAULT_PRIMARY }
    : undefined;
  return (
    <main className="auth-page" style={style}>
      <div className="auth-card">{children}</div>
    </main>
  );
}

/** A notice; `page` when it is all the page says (then its title is the page's h1). */
export function Notice({
  kind,
  title,
  children,
  action,
  page,
}: {
  kind: 'error' | 'info' | 'success' | 'warning';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  page?: boolean;
}) {
  return (
    <div className={`auth-notice auth-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {page ? <h1 className="auth-notice-title">{title}</h1> : <div className="auth-notice-title">{title}</div>}
      {children ? <div className="auth-notice-body">{children}</div> : null}
      {action ? <div className="auth-notice-action">{action}</div> : null}
    </div>
  );
}

export interface FieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
  autoFocus?: boolean;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

export function Field({ label, name, type = 'text', hint, error, ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${error ? ' auth-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="auth-input-wrap">
        <input
          id={id}
          name={name}
          type={type === 'password' && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {type === 'password' ? (
          <button
            type="button"
            className="auth-reveal"
            onClick={() => setShown(!shown)}
            aria-pressed={shown}
            title={tr(shown ? 'access.hidePassword' : 'access.showPassword')}
          >
            {tr(shown ? 'access.hide' : 'access.show')}
          </button>
        ) : null}
      </div>
      {hint ? (
        <div id={`${id}-hint`} className="auth-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="auth-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, pending }: { children: ReactNode; pending: boolean }) {
  return (
    <button type="submit" className="auth-button auth-button-primary" disabled={pending} aria-busy={pending}>
      {pending ? <span className="auth-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className="auth-button auth-button-link" onClick={onClick}>
      {children}
    </button>
  );
}

/** A form whose fields are read by name on submit; `validate` returns per-field messages. */
export function AuthForm<T extends Record<string, string>>({
  onSubmit,
  validate,
  children,
  setErrors,
}: {
  onSubmit: (values: T) => void;
  validate: (values: T) => Record<string, string>;
  children: ReactNode;
  setErrors: (errors: Record<string, string>) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget).entries()) as T;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
    else requestAnimationFrame(() => (form.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
  };
  let form: HTMLFormElement;
  return (
    <form noValidate onSubmit={submit} ref={(el) => void (el && (form = el))}>
      {children}
    </form>
  );
}
