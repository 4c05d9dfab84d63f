import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Card, List, Popconfirm, Tag } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useRevokeSessions, useSessions } from '../api/sessions';
import '../account.css';

const onPhone = (device: string) => /iPhone|Android|微信/.test(device);

/** 登录设备: every place the account is signed in, with a way to sign the others out. */
export function DevicesCard() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const { message } = App.useApp();
  const others = (sessions.data ?? []).filter((d) => !d.current).length;

  return (
    <Card
      title="登录设备"
      className="profile-card"
      extra={
        others > 0 ? (
          <Popconfirm
            title={`退出其他 ${others} 台设备？`}
            okText="退出"
            cancelText="取消"
            onConfirm={async () => {
              await revoke.mutateAsync({ all: true });
              message.success('其他设备已退出登录');
            }}
          >
            <Button type="link" size="small" danger>
              退出其他设备
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <List
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        locale={{ emptyText: '没有登录中的设备' }}
        renderItem={(device) => (
          <List.Item
            actions={
              device.current
                ? []
                : [
                    <Popconfirm
                      key="revoke"
                      title="让这台设备退出登录？"
                      okText="退出"
                      cancelText="取消"
                      onConfirm={async () => {
                        await revoke.mutateAsync({ id: device.id });
                        message.success('该设备已退出登录');
                      }}
                    >
                      <Button type="link" size="small" aria-label={`退出 ${device.device}`}>
                        退出
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={onPhone(device.device) ? <MobileOutlined /> : <DesktopOutlined />}
              title={
                <span>
                  {device.device} {device.current ? <Tag color="blue">本机</Tag> : null}
                </span>
              }
              description={`${device.ip || '地址未知'} · 最近使用 ${formatDateTime(device.lastSeenAt)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
