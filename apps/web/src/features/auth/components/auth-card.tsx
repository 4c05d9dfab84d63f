import type { ReactNode } from 'react';
import '../auth.css';

/** The centred card of the login, register and password screens. */
export function AuthCard(props: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-screen">
      <section className="auth-card" aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {props.title}
        </h1>
        {props.lead ? <p className="auth-card__lead">{props.lead}</p> : null}
        {props.children}
        {props.footer ? <footer className="auth-card__footer">{props.footer}</footer> : null}
      </section>
    </div>
  );
}
