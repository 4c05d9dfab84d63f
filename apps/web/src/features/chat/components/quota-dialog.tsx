import { ResultCode } from '@chuhai/contract';
import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useChatStore } from '../stores/chat-store';

/** 200001 (VIP only) and 200002 (quota used up) lead to /price. */
export function QuotaDialog() {
  const notice = useChatStore((s) => s.quotaNotice);
  const navigate = useNavigate();
  const close = () => useChatStore.getState().showQuota(null);
  const vipOnly = notice?.code === ResultCode.vipRequired;

  return (
    <Modal
      open={notice !== null}
      title={vipOnly ? '高级模型是 VIP 专享' : '今日提问次数已用完'}
      okText="开通 VIP"
      cancelText="知道了"
      onOk={() => {
        close();
        navigate(paths.price.getHref());
      }}
      onCancel={close}
      centered
    >
      <p>{notice?.msg}</p>
      {vipOnly ? <p className="muted">也可以切换回「标准模型」继续提问。</p> : null}
    </Modal>
  );
}
