import type { Announcement } from '@chuhai/contract';
import { App, Button, DatePicker, Form, Input, Modal, Popconfirm, Radio, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAdminAnnouncements } from '../api/get-admin-announcements';
import { useSaveAnnouncement } from '../api/save-announcement';
import { usePhoneWidth } from '../use-phone-width';
import { PhoneCards } from './phone-cards';
import { ReadOnlyNote } from './read-only-note';

interface AnnouncementForm {
  title: string;
  body: string;
  place: 'bar' | 'card';
  span: [Dayjs, Dayjs];
}

const PLACES = { bar: '顶部通知条', card: '首页卡片' } as const;

/**
 * 公告: a bar on every page or a card on the home page, between a start and an end. 客服 sees what is
 * shown when; publishing, editing and deleting are an admin's (the server refuses anyone else).
 */
export function AnnouncementsSection({ canEdit }: { canEdit: boolean }) {
  const list = useAdminAnnouncements();
  const remove = useDeleteAnnouncement();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const phone = usePhoneWidth();
  const now = Date.now();
  const state = (a: Announcement) =>
    a.endsAt <= now ? (
      <Tag>已结束</Tag>
    ) : a.startsAt > now ? (
      <Tag color="blue">未开始</Tag>
    ) : (
      <Tag color="green">展示中</Tag>
    );
  const actions = (a: Announcement) => (
    <>
      <Button size="small" type="link" onClick={() => setEditing(a)} aria-label={`编辑公告${a.title}`}>
        编辑
      </Button>
      <Popconfirm
        title="删除这条公告？"
        onConfirm={() => remove.mutate(a.id, { onSuccess: () => void message.success('公告已删除') })}
      >
        <Button size="small" type="link" danger aria-label={`删除公告${a.title}`}>
          删除
        </Button>
      </Popconfirm>
    </>
  );
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>公告</h2>
        {canEdit ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            发布公告
          </Button>
        ) : (
          <ReadOnlyNote />
        )}
      </div>
      {phone ? (
        <PhoneCards
          label="公告列表"
          loading={list.isFetching}
          cards={(list.data ?? []).map((a) => ({
            key: a.id,
            label: `公告${a.title}`,
            title: a.title,
            state: state(a),
            figures: [PLACES[a.place], spanOf(a)],
            actions: canEdit ? actions(a) : undefined,
          }))}
        />
      ) : (
        <Table<Announcement>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: '标题', dataIndex: 'title' },
            { title: '位置', dataIndex: 'place', render: (p: Announcement['place']) => PLACES[p] },
            { title: '状态', key: 'state', render: (_: unknown, a) => state(a) },
            { title: '时间', key: 'span', render: (_: unknown, a) => spanOf(a) },
            ...(canEdit
              ? [
                  {
                    title: '',
                    key: 'actions',
                    width: 112,
                    render: (_: unknown, a: Announcement) => actions(a),
                  },
                ]
              : []),
          ]}
        />
      )}
      {canEdit ? <AnnouncementModal announcement={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

const spanOf = (a: Announcement) => `${formatDateTime(a.startsAt)} — ${formatDateTime(a.endsAt)}`;

function AnnouncementModal(props: { announcement: Announcement | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<AnnouncementForm>();
  const save = useSaveAnnouncement();
  const { message } = App.useApp();
  const { announcement } = props;
  useEffect(() => {
    if (!announcement) return;
    form.resetFields();
    if (announcement !== 'new')
      form.setFieldsValue({
        ...announcement,
        span: [dayjs(announcement.startsAt), dayjs(announcement.endsAt)],
      });
  }, [announcement, form]);

  const submit = ({ span, ...values }: AnnouncementForm) =>
    save.mutate(
      {
        id: announcement && announcement !== 'new' ? announcement.id : null,
        body: { ...values, body: values.body ?? '', startsAt: span[0].valueOf(), endsAt: span[1].valueOf() },
      },
      {
        onSuccess: () => {
          void message.success('公告已保存');
          props.onClose();
        },
      },
    );

  return (
    <Modal
      open={announcement !== null}
      title={announcement === 'new' ? '发布公告' : '编辑公告'}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<AnnouncementForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ place: 'bar', span: [dayjs(), dayjs().add(7, 'day')] }}
      >
        <Form.Item name="title" label="标题" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="body" label="内容（支持 Markdown）" rules={[{ max: 2000 }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="place" label="位置">
          <Radio.Group options={Object.entries(PLACES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="span" label="展示时间" rules={[{ required: true, message: '请选择开始和结束时间' }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            // A month beside the hours is 400 px wide: on a phone the hours go under the month.
            classNames={{ popup: { root: 'admin-stacked-picker' } }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
