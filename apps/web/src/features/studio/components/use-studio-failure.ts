import { ResultCode } from '@chuhai/contract';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';

/**
 * Turns a failed studio call into what the user sees: the quota dialog that leads to /price, or
 * the server's own message (413, 415, 429 with its wait…) for the screen to show.
 */
export function useStudioFailure(featureTitle: string) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return (failure: unknown): string | null => {
    const apiError = failure instanceof ApiError ? failure : null;
    if (apiError?.code === ResultCode.quotaExceeded || apiError?.code === ResultCode.vipRequired) {
      modal.confirm({
        title: `今日${featureTitle}次数已用完`,
        content: apiError.msg,
        okText: '开通 VIP',
        cancelText: '知道了',
        onOk: () => navigate(paths.price.getHref()),
      });
      return null;
    }
    return apiError?.msg ?? '处理失败，请稍后再试';
  };
}
