import { type AdminUserRow, formatDate } from '@chuhai/contract';
import { Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { serverPaging } from '../../../components/ui/table-paging';
import { downloadCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useAdminUsers } from '../api/get-admin-users';
import { ROLE_NAMES } from '../labels';
import { usePhoneWidth } from '../use-phone-width';
import { UserDrawer } from './user-drawer';

/** 用户: search by phone or invite code, who is VIP and until when; open one for its details and actions. */
export function UsersSection() {
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const users = useAdminUsers({ keyword, pageNo });
  const list = users.data?.list ?? [];
  const phone = usePhoneWidth();

  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>用户</h2>
        <Space wrap>
          <Input.Search
            placeholder="手机号或邀请码"
            allowClear
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNo(1);
            }}
            aria-label="搜索用户"
          />
          <Button
            onClick={() =>
              downloadCsv(
                '用户.csv',
                ['编号', '手机号', '邀请码', '角色', '状态', 'VIP 到期', '注册时间'],
                list.map((u) => [
                  u.id,
                  u.phone,
                  u.inviteCode,
                  ROLE_NAMES[u.role],
                  u.disabled ? '已停用' : '正常',
                  u.vipEndAt === null ? '' : formatDate(u.vipEndAt),
                  formatDateTime(u.createdAt),
                ]),
              )
            }
          >
            导出 CSV
          </Button>
        </Space>
      </div>
      <Table<AdminUserRow>
        rowKey="id"
        size="small"
        // On a phone the three columns an operator looks for fit (the rest is in the drawer); a tablet
        // scrolls sideways rather than squeezing 免费用户 into a column one character wide.
        scroll={phone ? undefined : { x: 760 }}
        loading={users.isFetching}
        dataSource={list}
        pagination={serverPaging('adminUsers', { pageNo, onPage: setPageNo, total: users.data?.total })}
        onRow={(row) => ({ onClick: () => setOpen(row.id) })}
        rowClassName="admin-row"
        columns={[
          { title: '手机号', dataIndex: 'phone' },
          ...(phone
            ? []
            : [
                { title: '邀请码', dataIndex: 'inviteCode' },
                {
                  title: '角色',
                  dataIndex: 'role',
                  render: (role: AdminUserRow['role']) => ROLE_NAMES[role],
                },
              ]),
          {
            title: '状态',
            dataIndex: 'disabled',
            render: (disabled: boolean) =>
              disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>,
          },
          {
            title: '会员',
            dataIndex: 'vipEndAt',
            render: (end: number | null) =>
              end === null ? (
                <span className="muted">免费用户</span>
              ) : (
                <span className="admin-vip">
                  <Tag color="gold">VIP</Tag>
                  {formatDate(end)} 到期
                </span>
              ),
          },
          ...(phone
            ? []
            : [{ title: '注册时间', dataIndex: 'createdAt', render: (at: number) => formatDateTime(at) }]),
        ]}
      />
      <UserDrawer userId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
