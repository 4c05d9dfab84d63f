import type { RedeemBatch } from '@chuhai/contract';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { serverPaging } from '../../../components/ui/table-paging';
import { downloadCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useCreateBatch } from '../api/create-batch';
import { useDisableBatch } from '../api/disable-batch';
import { useAdminPlans } from '../api/get-admin-plans';
import { useRedeemBatches } from '../api/get-redeem-batches';
import { usePhoneWidth } from '../use-phone-width';
import { PhoneCards } from './phone-cards';
import { ReadOnlyNote } from './read-only-note';
import { TotpInput } from './totp-input';

interface BatchForm {
  name: string;
  worth: string;
  days?: number;
  count: number;
  expiresAt: Dayjs;
  perUserLimit: number;
  totp: string;
}

/**
 * 兑换码: batches worth a plan or some VIP days; the codes are shown (and saved as CSV) only once.
 * 客服 sees the batches and how many were redeemed; generating and 停用 / 恢复 are an admin's (the
 * server refuses anyone else).
 */
export function RedeemSection({ canEdit }: { canEdit: boolean }) {
  const [pageNo, setPageNo] = useState(1);
  const batches = useRedeemBatches(pageNo);
  const disable = useDisableBatch();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const phone = usePhoneWidth();
  const paging = serverPaging('redeemBatches', { pageNo, onPage: setPageNo, total: batches.data?.total });
  const toggle = (b: RedeemBatch) => (
    <Button
      size="small"
      onClick={() =>
        disable.mutate(
          { id: b.id, disabled: !b.disabled },
          { onSuccess: () => void message.success(b.disabled ? '这批兑换码已恢复' : '这批兑换码已停用') },
        )
      }
    >
      {b.disabled ? '恢复' : '停用'}
    </Button>
  );
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>兑换码</h2>
        {canEdit ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            生成兑换码
          </Button>
        ) : (
          <ReadOnlyNote />
        )}
      </div>
      <p className="muted">兑换码只保存摘要：生成时会立即下载 CSV，请妥善保管，之后无法再次查看明文。</p>
      {phone ? (
        <PhoneCards
          label="兑换码批次"
          loading={batches.isFetching}
          paging={paging}
          cards={(batches.data?.list ?? []).map((b) => ({
            key: b.id,
            label: `兑换码批次${b.name}`,
            title: b.name,
            state: batchState(b),
            figures: [
              `价值 ${worthOf(b)}`,
              `已兑换 ${b.redeemed} / ${b.count}`,
              `每人限兑 ${b.perUserLimit}`,
              `有效期至 ${formatDateTime(b.expiresAt)}`,
            ],
            actions: canEdit ? toggle(b) : undefined,
          }))}
        />
      ) : (
        <Table<RedeemBatch>
          rowKey="id"
          size="small"
          loading={batches.isFetching}
          dataSource={batches.data?.list ?? []}
          // A tablet beside the menu scrolls sideways; a phone has the cards above.
          scroll={{ x: 720 }}
          pagination={paging}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '价值', dataIndex: 'days', render: (_: number, b) => worthOf(b) },
            { title: '已兑换', key: 'used', render: (_: unknown, b) => `${b.redeemed} / ${b.count}` },
            { title: '每人限兑', dataIndex: 'perUserLimit' },
            { title: '有效期至', dataIndex: 'expiresAt', render: (at: number) => formatDateTime(at) },
            {
              title: '状态',
              key: 'state',
              render: (_: unknown, b) => batchState(b),
            },
            ...(canEdit
              ? [
                  {
                    title: '',
                    key: 'action',
                    fixed: 'right' as const,
                    width: 72,
                    render: (_: unknown, b: RedeemBatch) => toggle(b),
                  },
                ]
              : []),
          ]}
        />
      )}
      {canEdit ? <CreateBatchModal open={creating} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

const worthOf = (b: RedeemBatch) => `${b.days} 天${b.planId ? `（${b.planId}）` : ''}`;

const batchState = (b: RedeemBatch) =>
  b.disabled ? (
    <Tag>已停用</Tag>
  ) : b.expiresAt < Date.now() ? (
    <Tag>已过期</Tag>
  ) : (
    <Tag color="green">可兑换</Tag>
  );

function CreateBatchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<BatchForm>();
  const plans = useAdminPlans();
  const create = useCreateBatch();
  const { message } = App.useApp();
  const worth = Form.useWatch('worth', form);

  const submit = (values: BatchForm) => {
    create.mutate(
      {
        name: values.name.trim(),
        ...(values.worth === 'days' ? { days: values.days } : { planId: values.worth }),
        count: values.count,
        expiresAt: values.expiresAt.endOf('day').valueOf(),
        perUserLimit: values.perUserLimit,
        totp: values.totp,
      },
      {
        onSuccess: ({ batch, codes }) => {
          downloadCsv(
            `兑换码-${batch.name}-${batch.id}.csv`,
            ['兑换码', 'VIP 天数', '有效期至'],
            codes.map((code) => [code, batch.days, formatDateTime(batch.expiresAt)]),
          );
          void message.success(`已生成 ${codes.length} 个兑换码，CSV 已下载`);
          form.resetFields();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="生成兑换码"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="生成并下载 CSV"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<BatchForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ worth: 'days', days: 7, count: 10, perUserLimit: 1 }}
      >
        <Form.Item name="name" label="批次名称" rules={[{ required: true, max: 40 }]}>
          <Input placeholder="例如：双十一直播间" />
        </Form.Item>
        <Form.Item name="worth" label="每个兑换码的价值">
          <Select
            aria-label="每个兑换码的价值"
            options={[
              { value: 'days', label: '自定义 VIP 天数' },
              ...(plans.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.days} 天）` })),
            ]}
          />
        </Form.Item>
        {worth === 'days' ? (
          <Form.Item name="days" label="VIP 天数" rules={[{ required: true }]}>
            <InputNumber min={1} max={3660} precision={0} />
          </Form.Item>
        ) : null}
        <div className="admin-form-row">
          <Form.Item name="count" label="数量" rules={[{ required: true }]}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
          <Form.Item name="perUserLimit" label="每个账号最多兑换" rules={[{ required: true }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        </div>
        <Form.Item name="expiresAt" label="有效期至" rules={[{ required: true, message: '请选择有效期' }]}>
          <DatePicker disabledDate={(day) => day.isBefore(new Date(), 'day')} />
        </Form.Item>
        <TotpInput />
      </Form>
    </Modal>
  );
}
