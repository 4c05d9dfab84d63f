import type { AuditRow } from '@chuhai/contract';
import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { serverPaging } from '../../../components/ui/table-paging';
import { downloadCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useAudit } from '../api/get-audit';
import { AUDIT_ACTION_NAMES, auditValueText, labelOf } from '../labels';
import { usePhoneWidth } from '../use-phone-width';
import { PhoneCards } from './phone-cards';

/** 操作日志: every operator action, who, when, from where, before and after. */
export function AuditSection() {
  const [target, setTarget] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const log = useAudit({ target: target || undefined, pageNo });
  const list = log.data?.list ?? [];
  const phone = usePhoneWidth();
  const paging = serverPaging('audit', { pageNo, onPage: setPageNo, total: log.data?.total });

  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>操作日志</h2>
        <Space wrap>
          <Input.Search
            placeholder="对象，例如 user:42 或 order:CH…"
            allowClear
            onSearch={(value) => {
              setTarget(value.trim());
              setPageNo(1);
            }}
            aria-label="按对象筛选"
          />
          <Button
            onClick={() =>
              downloadCsv(
                '操作日志.csv',
                ['时间', '操作人', '操作', '对象', '之前', '之后', 'IP'],
                list.map((r) => [
                  formatDateTime(r.createdAt),
                  r.actorPhone || '系统',
                  labelOf(AUDIT_ACTION_NAMES, r.action),
                  r.target,
                  auditValueText(r.before, formatDateTime),
                  auditValueText(r.after, formatDateTime),
                  r.ip,
                ]),
              )
            }
          >
            导出 CSV
          </Button>
        </Space>
      </div>
      {phone ? (
        <PhoneCards
          label="操作日志"
          loading={log.isFetching}
          paging={paging}
          cards={list.map((r) => ({
            key: r.id,
            label: `${labelOf(AUDIT_ACTION_NAMES, r.action)} ${r.target}`,
            title: labelOf(AUDIT_ACTION_NAMES, r.action),
            state: <span className="muted">{formatDateTime(r.createdAt)}</span>,
            figures: [`对象 ${r.target}`, `操作人 ${r.actorPhone || '系统'}`, `IP ${r.ip}`],
            detail: r.after ? `之后：${auditValueText(r.after, formatDateTime)}` : null,
          }))}
        />
      ) : (
        <Table<AuditRow>
          rowKey="id"
          size="small"
          loading={log.isFetching}
          dataSource={list}
          // When and what first: a tablet beside the menu scrolls the rest; a phone has the cards above.
          scroll={{ x: 900 }}
          pagination={paging}
          columns={[
            { title: '时间', dataIndex: 'createdAt', render: (at: number) => formatDateTime(at), width: 150 },
            {
              title: '操作',
              dataIndex: 'action',
              width: 120,
              render: (action: string) => labelOf(AUDIT_ACTION_NAMES, action),
            },
            { title: '对象', dataIndex: 'target', width: 160 },
            {
              title: '操作人',
              dataIndex: 'actorPhone',
              width: 120,
              render: (phone: string) => phone || '系统',
            },
            {
              title: '之后',
              dataIndex: 'after',
              ellipsis: true,
              render: (after: string | null) => auditValueText(after, formatDateTime),
            },
            { title: 'IP', dataIndex: 'ip', width: 120 },
          ]}
        />
      )}
    </div>
  );
}
