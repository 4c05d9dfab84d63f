import { DownloadOutlined } from '@ant-design/icons';
import { LISTING_LANGUAGES, type Listing, targetName } from '@chuhai/contract';
import { App, Button, Grid, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDeleteListing } from '../api/delete-listing';
import { useListingPage } from '../api/get-listing-page';
import { exportListings } from '../export-csv';

function ProductName({ listing }: { listing: Listing }) {
  return (
    <span className="listing-history__product" title={listing.facts.productName}>
      {listing.facts.productName}
      {listing.facts.brand ? <span className="muted"> · {listing.facts.brand}</span> : null}
    </span>
  );
}

function SiteAndLanguage({ listing }: { listing: Listing }) {
  return (
    <>
      {targetName(listing.marketplace, listing.site)}
      <span className="muted"> · {LISTING_LANGUAGES[listing.language]}</span>
    </>
  );
}

function RulesTag({ listing }: { listing: Listing }) {
  const required = listing.issues.filter((i) => i.level === 'required').length;
  if (listing.issues.length === 0) return <Tag color="success">通过</Tag>;
  return (
    <Tag color={required > 0 ? 'error' : 'warning'}>
      {required > 0 ? `${required} 项必须` : `${listing.issues.length} 项建议`}
    </Tag>
  );
}

/** When it was written, to the second; an edited one says so and shows when on hover. */
function WrittenAt({ listing }: { listing: Listing }) {
  const edited = listing.updatedAt > listing.createdAt;
  return (
    <span title={edited ? `最后修改 ${formatDateTime(listing.updatedAt)}` : undefined}>
      {formatDateTime(listing.createdAt, { seconds: true })}
      {edited ? <span className="muted">（已改）</span> : null}
    </span>
  );
}

/**
 * 我的 listing: every saved listing, newest first; open one to edit it and to refill the form with
 * its product and site, export the chosen as CSV. The product, the site and the time to the second
 * tell apart two writes of the same product. On a phone those three and the rules share one cell
 * and the title is left to the editor, so a row fits 390 px with 打开 in reach: a table scrolled
 * sideways hid the actions off screen.
 */
export function ListingHistory({ onOpen }: { onOpen: (listing: Listing) => void }) {
  const [pageNo, setPageNo] = useState(1);
  const page = useListingPage(pageNo);
  const remove = useDeleteListing();
  const [selected, setSelected] = useState<Listing[]>([]);
  const { message } = App.useApp();
  // Until antd has measured the screen `md` is undefined: the desktop table, as before.
  const phone = Grid.useBreakpoint().md === false;

  const actions = (l: Listing) => (
    <span
      className={
        phone ? 'listing-history__actions listing-history__actions--stacked' : 'listing-history__actions'
      }
    >
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
  );

  const columns: TableColumnsType<Listing> = phone
    ? [
        {
          title: '商品',
          key: 'product',
          render: (_, l) => (
            <div className="listing-history__card">
              <ProductName listing={l} />
              <span>
                <SiteAndLanguage listing={l} />
              </span>
              <span className="listing-history__when">
                <WrittenAt listing={l} />
                <RulesTag listing={l} />
              </span>
            </div>
          ),
        },
        { title: '操作', key: 'actions', width: 64, render: (_, l) => actions(l) },
      ]
    : [
        {
          title: '商品',
          key: 'product',
          width: 220,
          ellipsis: true,
          render: (_, l) => <ProductName listing={l} />,
        },
        { title: '站点', key: 'target', width: 170, render: (_, l) => <SiteAndLanguage listing={l} /> },
        { title: '标题', key: 'title', ellipsis: true, render: (_, l) => l.text.title },
        { title: '规则', key: 'issues', width: 110, render: (_, l) => <RulesTag listing={l} /> },
        { title: '写于', key: 'createdAt', width: 210, render: (_, l) => <WrittenAt listing={l} /> },
        { title: '操作', key: 'actions', width: 130, render: (_, l) => actions(l) },
      ];

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
        // Fixed layout on a phone: a long product name is cut with … instead of widening the table.
        {...(phone ? { tableLayout: 'fixed' as const } : { scroll: { x: 900 } })}
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
        columns={columns}
      />
    </section>
  );
}
