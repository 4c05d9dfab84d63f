import { Drawer, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { usePhoneWidth } from '../use-phone-width';

/**
 * One record of the console (an account, an order) in a drawer `width` px wide, a skeleton until its
 * `data` has come. Full width on a phone: a 560 px drawer there covers all but a sliver and cuts its
 * own text.
 */
export function DetailDrawer<T>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  data: T | undefined;
  children: (data: T) => ReactNode;
}) {
  const phone = usePhoneWidth();
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      size={phone ? '100%' : props.width}
      title={props.title}
      destroyOnHidden
    >
      {props.data ? props.children(props.data) : <Skeleton active />}
    </Drawer>
  );
}
