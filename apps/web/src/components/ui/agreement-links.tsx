import { paths } from '../../config/paths';

/**
 * 《用户协议》和《隐私政策》 where the seller agrees to them (register, login): each opens in a new tab,
 * so a half-filled form is not lost.
 */
export function AgreementLinks() {
  return (
    <>
      <a href={`#${paths.terms.getHref()}`} target="_blank" rel="noreferrer">
        《用户协议》
      </a>
      和
      <a href={`#${paths.privacy.getHref()}`} target="_blank" rel="noreferrer">
        《隐私政策》
      </a>
    </>
  );
}
