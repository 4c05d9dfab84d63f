import { DownloadOutlined } from '@ant-design/icons';
import { LISTING_LANGUAGES, type Listing, targetName } from '@chuhai/contract';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDeleteListing } from '../api/delete-listing';
import { useListingPage } from '../api/get-listing-page';
import { exportListings } from '../export-csv';

/**
 * 我的 listing: every saved listing, newest first; open one to edit it and to refill the form with
 * its product and site, export the chosen as CSV. The product, the site and the time to the second
 * tell apart two writes of the same product.
 */
export function ListingHistory({ onOpen }: { onOpen: (listing: Listing) => void }) {
  const [pageNo, setPageNo] = useState(1);
  const page = useListingPage(pageNo);
  const remove = useDeleteListing();
  const [selected, setSelected] = useState<Listing[]>([]);
  const { message } = App.useApp();
  return (
    <section className="listing-history" aria-label="我的 listing">
      <div className="listing-history__head">
        <h2>我的 listing</h2>
        <Button
          icon={<DownloadOutlined />}
          disabled={selected.length === 0}
          onClick={() => exportListings(selected)}
        >
          导出 CSV{selected.length > 0 ? `（${selected.length} 条）` : ''}
        </Button>
      </div>
      <Table<Listing>
        rowKey="id"
        size="small"
        loading={page.isPending}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 860 }}
        locale={{ emptyText: '还没有 listing，填好商品信息后点「开始撰写」' }}
        rowSelection={{
          selectedRowKeys: selected.map((l) => l.id),
          onChange: (_, rows) => setSelected(rows),
        }}
        pagination={{
          current: pageNo,
          pageSize: page.data?.pageSize,
          total: page.data?.total,
          onChange: setPageNo,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: '商品',
            key: 'product',
            width: 180,
            ellipsis: true,
            render: (_, l) => (
              <span className="listing-history__product" title={l.facts.productName}>
                {l.facts.productName}
                {l.facts.brand ? <span className="muted"> · {l.facts.brand}</span> : null}
              </span>
            ),
          },
          {
            title: '站点',
            key: 'target',
            width: 170,
            render: (_, l) => (
              <>
                {targetName(l.marketplace, l.site)}
                <span className="muted"> · {LISTING_LANGUAGES[l.language]}</span>
              </>
            ),
          },
          { title: '标题', key: 'title', ellipsis: true, render: (_, l) => l.text.title },
          {
            title: '规则',
            key: 'issues',
            width: 110,
            render: (_, l) => {
              const required = l.issues.filter((i) => i.level === 'required').length;
              if (l.issues.length === 0) return <Tag color="success">通过</Tag>;
              return (
                <Tag color={required > 0 ? 'error' : 'warning'}>
                  {required > 0 ? `${required} 项必须` : `${l.issues.length} 项建议`}
                </Tag>
              );
            },
          },
          {
            title: '写于',
            key: 'createdAt',
            width: 210,
            render: (_, l) => (
              <span title={l.updatedAt > l.createdAt ? `最后修改 ${formatDateTime(l.updatedAt)}` : undefined}>
                {formatDateTime(l.createdAt, { seconds: true })}
                {l.updatedAt > l.createdAt ? <span className="muted">（已改）</span> : null}
              </span>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_, l) => (
              <span className="listing-history__actions">
                <Button
                  size="small"
                  type="link"
                  onClick={() => onOpen(l)}
                  aria-label={`打开「${l.facts.productName}」${targetName(l.marketplace, l.site)}`}
                >
                  打开
                </Button>
                <Popconfirm
                  title="删除这条 listing？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove.mutate(l.id, {
                      onSuccess: () => {
                        setSelected((rows) => rows.filter((r) => r.id !== l.id));
                        void message.success('已删除');
                      },
                    })
                  }
                >
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
