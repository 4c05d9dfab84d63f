import {
  type AdminPlan,
  type DailyLimits,
  FEATURE_LABELS,
  FEATURES,
  type PlanEditBody,
} from '@chuhai/contract';
import { App, Button, Card, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useDailyLimits } from '../../../entities/plans/get-limits';
import { formatYuan } from '../../../lib/money';
import { useAdminPlans } from '../api/get-admin-plans';
import { useSaveLimits } from '../api/save-limits';
import { useSavePlan } from '../api/save-plan';
import { usePhoneWidth } from '../use-phone-width';
import { PhoneCards } from './phone-cards';
import { BenefitWarnings, BenefitWarningTag } from './plan-promise-warnings';
import { ReadOnlyNote } from './read-only-note';
import { SortOrderRow } from './sort-order-row';
import { TotpCodeField } from './totp-code-field';
import { TotpInput } from './totp-input';

interface PlanForm {
  id: string;
  name: string;
  days: number;
  priceYuan: number;
  originalYuan: number;
  badge: string;
  benefits: string;
  enabled: boolean;
  sortOrder: number;
  totp: string;
}

const toFen = (yuan: number) => Math.round(yuan * 100);
const benefitLines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * 套餐与额度: plans on sale and the daily limits; both reach sellers on their next page load. 客服
 * reads them; only an admin changes them (the server refuses anyone else, after the code is typed).
 */
export function PlansSection({ canEdit }: { canEdit: boolean }) {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const phone = usePhoneWidth();
  const onEdit = canEdit ? setEditing : null;
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>套餐</h2>
        {canEdit ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            新增套餐
          </Button>
        ) : (
          <ReadOnlyNote />
        )}
      </div>
      {phone ? (
        <PlanCards plans={plans.data ?? []} loading={plans.isFetching} onEdit={onEdit} />
      ) : (
        <Table<AdminPlan>
          rowKey="id"
          size="small"
          loading={plans.isFetching}
          dataSource={plans.data ?? []}
          // A tablet beside the menu scrolls sideways, 编辑 at the edge; a phone has the cards above.
          scroll={{ x: 800 }}
          pagination={false}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '售价', dataIndex: 'price', render: (fen: number) => `¥${formatYuan(fen)}` },
            {
              title: '状态',
              dataIndex: 'enabled',
              render: planState,
            },
            { title: '天数', dataIndex: 'days' },
            {
              title: '原价',
              dataIndex: 'originalPrice',
              render: (fen: number) => (fen ? `¥${formatYuan(fen)}` : '—'),
            },
            {
              title: '权益',
              key: 'benefits',
              render: (_: unknown, plan) => (
                <>
                  {plan.benefits.length} 条 <BenefitWarningTag benefits={plan.benefits} />
                </>
              ),
            },
            { title: '编号', dataIndex: 'id' },
            { title: '排序', dataIndex: 'sortOrder', width: 64 },
            ...(onEdit
              ? [
                  {
                    title: '',
                    key: 'edit',
                    fixed: 'right' as const,
                    width: 72,
                    render: (_: unknown, plan: AdminPlan) => editButton(plan, onEdit),
                  },
                ]
              : []),
          ]}
        />
      )}
      {canEdit ? <PlanModal plan={editing} onClose={() => setEditing(null)} /> : null}
      <LimitsCard canEdit={canEdit} />
    </div>
  );
}

const editButton = (plan: AdminPlan, onEdit: (plan: AdminPlan) => void) => (
  <Button size="small" onClick={() => onEdit(plan)} aria-label={`编辑${plan.name}`}>
    编辑
  </Button>
);

/** On a phone: name, state and 编辑 first; price, days and the rest under them (no 编辑 for 客服: `onEdit` null). */
function PlanCards(props: {
  plans: AdminPlan[];
  loading: boolean;
  onEdit: ((plan: AdminPlan) => void) | null;
}) {
  const { onEdit } = props;
  return (
    <PhoneCards
      label="套餐列表"
      loading={props.loading}
      cards={props.plans.map((plan) => ({
        key: plan.id,
        label: `套餐${plan.name}`,
        title: plan.name,
        state: planState(plan.enabled),
        figures: [
          `售价 ¥${formatYuan(plan.price)}`,
          `${plan.days} 天`,
          `原价 ${plan.originalPrice ? `¥${formatYuan(plan.originalPrice)}` : '—'}`,
          <>
            权益 {plan.benefits.length} 条 <BenefitWarningTag benefits={plan.benefits} />
          </>,
          `编号 ${plan.id}`,
          `排序 ${plan.sortOrder}`,
        ],
        actions: onEdit ? editButton(plan, onEdit) : undefined,
      }))}
    />
  );
}

const planState = (on: boolean) => (on ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>);

function PlanModal({ plan, onClose }: { plan: AdminPlan | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<PlanForm>();
  const save = useSavePlan();
  const { message } = App.useApp();
  const isNew = plan === 'new';
  const benefits = benefitLines(Form.useWatch('benefits', form));
  useEffect(() => {
    if (!plan) return;
    form.resetFields();
    if (plan !== 'new')
      form.setFieldsValue({
        ...plan,
        priceYuan: plan.price / 100,
        originalYuan: plan.originalPrice / 100,
        benefits: plan.benefits.join('\n'),
      });
  }, [plan, form]);

  const submit = (values: PlanForm) => {
    const body: PlanEditBody = {
      name: values.name.trim(),
      days: values.days,
      price: toFen(values.priceYuan),
      originalPrice: toFen(values.originalYuan ?? 0),
      badge: (values.badge ?? '').trim(),
      benefits: benefitLines(values.benefits),
      enabled: values.enabled,
      sortOrder: values.sortOrder,
      totp: values.totp,
    };
    save.mutate(
      { id: isNew ? values.id : (plan as AdminPlan).id, body, isNew },
      {
        onSuccess: () => {
          void message.success('套餐已保存，用户刷新页面即可看到');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={plan !== null}
      title={isNew ? '新增套餐' : '编辑套餐'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<PlanForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ enabled: true, sortOrder: 40, days: 31, originalYuan: 0, badge: '' }}
      >
        {isNew ? (
          <Form.Item
            name="id"
            label="编号（英文小写、数字和短横线，创建后不能改）"
            rules={[{ required: true, pattern: /^[a-z0-9-]{1,40}$/, message: '例如 vip-week' }]}
          >
            <Input />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label="名称" rules={[{ required: true, max: 20 }]}>
          <Input />
        </Form.Item>
        <div className="admin-form-row">
          <Form.Item name="days" label="天数" rules={[{ required: true }]}>
            <InputNumber min={1} max={3660} precision={0} />
          </Form.Item>
          <Form.Item name="priceYuan" label="售价（元）" rules={[{ required: true }]}>
            <InputNumber min={0.01} max={100000} precision={2} aria-label="售价（元）" />
          </Form.Item>
          <Form.Item name="originalYuan" label="原价（元，0 为不显示）">
            <InputNumber min={0} max={100000} precision={2} />
          </Form.Item>
        </div>
        <Form.Item name="badge" label="角标（可空）" rules={[{ max: 10 }]}>
          <Input placeholder="最受欢迎" />
        </Form.Item>
        <Form.Item
          name="benefits"
          label="权益（每行一条，最多 8 条）"
          extra="写到功能、每日次数和高级模型的，按本站现在的设置检查：做不到的那一句卖家看不到。"
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <BenefitWarnings benefits={benefits} />
        <SortOrderRow shownLabel="在售" />
        <TotpInput />
      </Form>
    </Modal>
  );
}

/** 每日次数: 客服 sees each number as text, with no inputs to type into and no 保存 the server would refuse. */
function LimitsCard({ canEdit }: { canEdit: boolean }) {
  const limits = useDailyLimits();
  const save = useSaveLimits();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<DailyLimits | null>(null);
  const [totp, setTotp] = useState('');
  useEffect(() => {
    if (limits.data) setDraft(limits.data);
  }, [limits.data]);
  if (!draft) return null;
  const set = (tier: 'free' | 'vip', feature: (typeof FEATURES)[number], value: number | null) =>
    setDraft({ ...draft, [tier]: { ...draft[tier], [feature]: value ?? 0 } });

  return (
    <Card title="每日次数" className="admin-card">
      <Table
        rowKey="feature"
        size="small"
        pagination={false}
        dataSource={FEATURES.map((feature) => ({ feature }))}
        columns={[
          {
            title: '功能',
            dataIndex: 'feature',
            render: (f: (typeof FEATURES)[number]) => FEATURE_LABELS[f],
          },
          ...(['free', 'vip'] as const).map((tier) => ({
            title: tier === 'free' ? '免费用户' : 'VIP',
            key: tier,
            render: (_: unknown, row: { feature: (typeof FEATURES)[number] }) =>
              canEdit ? (
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  value={draft[tier][row.feature]}
                  onChange={(value) => set(tier, row.feature, value)}
                  aria-label={`${tier === 'free' ? '免费' : 'VIP'}${FEATURE_LABELS[row.feature]}每日次数`}
                />
              ) : (
                draft[tier][row.feature]
              ),
          })),
        ]}
      />
      {canEdit ? (
        <div className="admin-card__save">
          <TotpCodeField value={totp} onChange={setTotp} label="两步验证码" placeholder="6 位动态码" />
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!/^\d{6}$/.test(totp)}
            onClick={() =>
              save.mutate(
                { ...draft, totp },
                {
                  onSuccess: () => {
                    setTotp('');
                    void message.success('每日次数已保存，下一次使用即按新次数计算');
                  },
                },
              )
            }
          >
            保存每日次数
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
