import { DownloadOutlined } from '@ant-design/icons';
import { SMS_CODE_TYPE } from '@chuhai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { SendCodeButton } from '../../../entities/sms-code/send-code-button';
import { useAuthStore } from '../../../stores/auth-store';
import { exportMyData, saveAsJson, useDeleteAccount } from '../api/my-data';
import '../account.css';

/** 我的数据: a copy of what we hold (导出我的数据), and 注销账号 confirmed with an SMS code. */
export function MyDataCard(props: { phone: string }) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setExporting(true);
    try {
      saveAsJson(await exportMyData());
      message.success('已导出，请查看浏览器下载的 JSON 文件');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card title="我的数据" className="profile-card">
      <p className="profile-card__hint">可以随时导出我们保存的你的全部数据，或注销账号。</p>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
          导出我的数据
        </Button>
        <Button danger onClick={() => setDeleting(true)}>
          注销账号
        </Button>
      </Space>
      <DeleteAccountDialog open={deleting} phone={props.phone} onClose={() => setDeleting(false)} />
    </Card>
  );
}

function DeleteAccountDialog(props: { open: boolean; phone: string; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  async function confirm() {
    await remove.mutateAsync(code.trim());
    useAuthStore.getState().clear();
    client.clear();
    message.success('账号已注销');
    navigate(paths.home.getHref(), { replace: true });
  }

  return (
    <Modal
      title="注销账号"
      open={props.open}
      onCancel={props.onClose}
      okText="确认注销"
      okButtonProps={{ danger: true, disabled: !understood || !/^\d{6}$/.test(code.trim()) }}
      confirmLoading={remove.isPending}
      onOk={() => void confirm().catch(() => {})}
      destroyOnHidden
    >
      <p>注销后：</p>
      <ul className="profile-card__hint">
        <li>问答记录、提示词标签、作品和图片文件会被删除，无法恢复；</li>
        <li>会员权益随账号一起失效，所有设备退出登录；</li>
        <li>订单记录依法保留，但不再关联你的手机号；</li>
        <li>这个手机号之后可以重新注册一个新账号。</li>
      </ul>
      <Space.Compact block>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="6 位验证码"
          inputMode="numeric"
          maxLength={6}
          aria-label="注销验证码"
        />
        <SendCodeButton type={SMS_CODE_TYPE.deleteAccount} getPhone={async () => props.phone} />
      </Space.Compact>
      <Checkbox
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
        style={{ marginTop: 12 }}
      >
        我已了解，注销后无法恢复
      </Checkbox>
    </Modal>
  );
}
