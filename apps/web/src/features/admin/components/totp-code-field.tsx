import { Input } from 'antd';

/** A 6-digit code typed beside a button (not in a form): digits only, as the authenticator shows it. */
export function TotpCodeField(props: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  placeholder: string;
}) {
  return (
    <Input
      value={props.value}
      onChange={(event) => props.onChange(event.target.value.replace(/\D/g, ''))}
      inputMode="numeric"
      maxLength={6}
      placeholder={props.placeholder}
      autoComplete="one-time-code"
      aria-label={props.label}
      className="admin-totp-inline"
    />
  );
}
