import { Link, type LinkProps } from 'react-router';

/**
 * A link that shows whether it leads to the page on screen: `aria-current="page"` for screen readers,
 * and `currentClass` beside `className` for the eye.
 */
export function CurrentLink({
  current,
  className,
  currentClass,
  ...link
}: LinkProps & { current: boolean; className: string; currentClass: string }) {
  return (
    <Link
      {...link}
      className={current ? `${className} ${currentClass}` : className}
      aria-current={current ? 'page' : undefined}
    />
  );
}
