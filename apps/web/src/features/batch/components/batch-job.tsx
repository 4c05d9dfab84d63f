import { CloseCircleOutlined, DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import {
  BATCH_ITEM_STATUS_NAMES,
  type BatchItem,
  type BatchItemStatus,
  formatDate,
  type ImageMarketplaceId,
  MAIN_IMAGE_RULE_SETS,
} from '@chuhai/contract';
import { Alert, App, Button, Collapse, Grid, Image, Progress, Skeleton, Table, Tag, Typography } from 'antd';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { useCancelJob } from '../api/cancel-job';
import { useBatchJob } from '../api/get-batch-job';
import { downloadLink } from '../api/get-download-link';
import { useResumeJob } from '../api/resume-job';
import { jobProgressStatus } from '../progress-status';

const STATUS_COLORS: Record<BatchItemStatus, string> = {
  waiting: 'default',
  processing: 'processing',
  done: 'success',
  failed: 'error',
  paused: 'warning',
  cancelled: 'default',
};

const marketplaceName = (id: string) => MAIN_IMAGE_RULE_SETS[id as ImageMarketplaceId]?.name ?? id;

function ItemStatus({ item }: { item: BatchItem }) {
  return <Tag color={STATUS_COLORS[item.status]}>{BATCH_ITEM_STATUS_NAMES[item.status]}</Tag>;
}

/** Each marketplace's main-image check, before (the original) and after (our main image). */
function ItemChecks({ item }: { item: BatchItem }) {
  return item.checks.map((c) => (
    <Tag key={c.marketplace} color={c.pass ? 'success' : 'error'}>
      {marketplaceName(c.marketplace)}：{c.originalPass ? '通过' : '不通过'} → {c.pass ? '通过' : '不通过'}
    </Tag>
  ));
}

/** The result at a glance (click for full size); a failed image shows a cross, one not done yet a blank. */
function ResultThumbnail({ item }: { item: BatchItem }) {
  if (item.thumbnailUrl)
    return (
      <Image
        className="batch-thumb"
        src={item.thumbnailUrl}
        width={56}
        height={56}
        alt={`${item.name} 的处理结果`}
        // Its own fade: antd's could leave the preview stuck after a quick Escape (see PREVIEW_MOTION).
        preview={item.previewUrl ? { src: item.previewUrl, motionName: PREVIEW_MOTION } : false}
      />
    );
  if (item.status === 'failed')
    return (
      <span className="batch-thumb batch-thumb--failed" role="img" aria-label="处理失败">
        <CloseCircleOutlined />
      </span>
    );
  return (
    <span className="batch-thumb batch-thumb--empty" aria-hidden="true">
      <PictureOutlined />
    </span>
  );
}

/**
 * One job: progress, each image with a thumbnail of its result (or why it failed), its checks,
 * cancel or continue, and the results ZIP.
 */
export function BatchJobView({ id }: { id: number }) {
  const detail = useBatchJob(id);
  const cancel = useCancelJob();
  const resume = useResumeJob();
  const { message } = App.useApp();
  const phone = Grid.useBreakpoint().md === false;
  if (detail.isPending) return <Skeleton active />;
  if (!detail.data) return <Alert type="error" showIcon title="这个批量任务不存在或已过期" />;
  const { job, items } = detail.data;
  const finished = job.counts.done + job.counts.failed + job.counts.cancelled;
  const percent = Math.round((finished / Math.max(1, job.total)) * 100);
  const progressStatus = jobProgressStatus(job);

  const download = async () => {
    const { url } = await downloadLink(job.id);
    if (!url) {
      void message.info('还没有处理完成的图片');
      return;
    }
    window.location.assign(url);
  };

  return (
    <section className="batch-job" aria-label={`批量任务 ${job.id}`}>
      <header className="batch-job__head">
        <div>
          <h2>任务 #{job.id}</h2>
          <span className="muted">
            {formatDate(job.createdAt)} 创建 · 保留到 {formatDate(job.expiresAt)}
          </span>
        </div>
        <div className="batch-job__actions">
          {job.status === 'running' || job.status === 'paused' ? (
            <Button danger loading={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
              取消
            </Button>
          ) : null}
          {job.status === 'paused' ? (
            <Button loading={resume.isPending} onClick={() => resume.mutate(job.id)}>
              继续处理
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={job.counts.done === 0}
            onClick={() => void download()}
          >
            下载结果 ZIP
          </Button>
        </div>
      </header>
      <Progress percent={percent} status={progressStatus} />
      <p className="batch-job__counts" role="status">
        共 {job.total} 张：完成 {job.counts.done}，处理中 {job.counts.processing}，等待 {job.counts.waiting}
        {job.counts.failed > 0 ? (
          <>
            ，
            <Typography.Text type={progressStatus === 'exception' ? 'danger' : 'warning'}>
              失败 {job.counts.failed}
            </Typography.Text>
          </>
        ) : null}
        {job.counts.paused > 0 ? `，已暂停 ${job.counts.paused}` : ''}
        {job.counts.cancelled > 0 ? `，已取消 ${job.counts.cancelled}` : ''}
        {job.status === 'done'
          ? job.counts.failed > 0
            ? ' · 已处理完'
            : ' · 已全部完成'
          : job.status === 'cancelled'
            ? ' · 已取消'
            : ''}
      </p>
      {job.status === 'paused' ? (
        <Alert
          type="warning"
          showIcon
          title="今日次数不够处理剩下的图片，已暂停"
          description="明天 00:00 后会自动继续；开通 VIP 后可以点「继续处理」马上继续。已完成的图片现在就可以下载。"
        />
      ) : null}
      {job.refused.length > 0 ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'refused',
              label: `${job.refused.length} 个文件没有处理（不扣次数）`,
              children: (
                <ul className="batch-refused">
                  {job.refused.map((r) => (
                    <li key={`${r.name}-${r.reason}`}>
                      「{r.name}」{r.reason}
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      ) : null}
      <Table<BatchItem>
        rowKey="id"
        size="small"
        dataSource={items}
        // On a phone the status and the checks sit under the file name: nothing to scroll sideways to.
        scroll={phone ? undefined : { x: 640 }}
        // Fixed: a long file name is cut with … instead of widening the table past the screen.
        tableLayout={phone ? 'fixed' : undefined}
        pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        columns={[
          {
            title: '结果',
            key: 'thumbnail',
            width: phone ? 72 : 80,
            render: (_, item) => <ResultThumbnail item={item} />,
          },
          {
            // Why an image failed or waits, under its name: on a phone it is read without scrolling.
            title: '文件',
            key: 'name',
            render: (_, item) => (
              <div className="batch-item-file">
                <span className="batch-item-file__name" title={item.name}>
                  {item.name}
                </span>
                {item.reason && item.status !== 'cancelled' ? (
                  <span className={item.status === 'failed' ? 'batch-item-reason--failed' : 'muted'}>
                    {item.reason}
                  </span>
                ) : null}
                {phone ? (
                  <span className="batch-item-file__tags">
                    <ItemStatus item={item} />
                    <ItemChecks item={item} />
                  </span>
                ) : null}
              </div>
            ),
          },
          ...(phone
            ? []
            : [
                {
                  title: '状态',
                  key: 'status',
                  width: 90,
                  render: (_: unknown, item: BatchItem) => <ItemStatus item={item} />,
                },
                {
                  title: '平台主图检查（原图 → 主图）',
                  key: 'checks',
                  render: (_: unknown, item: BatchItem) => <ItemChecks item={item} />,
                },
              ]),
        ]}
      />
    </section>
  );
}
