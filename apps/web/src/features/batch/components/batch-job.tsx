import { CloseCircleOutlined, PictureOutlined } from '@ant-design/icons';
import { type BatchItem, formatDate, type ImageMarketplaceId, MAIN_IMAGE_RULE_SETS } from '@chuhai/contract';
import { Alert, Collapse, Grid, Image, Skeleton, Table, Tag } from 'antd';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { JobActions } from '../../../entities/job/job-actions';
import { JobPanel } from '../../../entities/job/job-panel';
import { JobCounts } from '../../../entities/job/job-progress';
import { ItemStatusTag } from '../../../entities/job/job-status';
import { BATCH_JOBS, useBatchJob } from '../api/get-batch-job';

const marketplaceName = (id: string) => MAIN_IMAGE_RULE_SETS[id as ImageMarketplaceId]?.name ?? id;

/**
 * Each marketplace's main-image check, before (the original) and after (our main image), and
 * 图片翻译's Chinese left: a picture still carrying Chinese looked 完成 here and said so only in
 * report.csv.
 */
function ItemChecks({ item, traditional }: { item: BatchItem; traditional: boolean }) {
  // Into Traditional Chinese the picture is Chinese by design: what is left over is Simplified.
  const left = traditional ? '简体中文' : '中文';
  return (
    <>
      {item.checks.map((c) => (
        <Tag key={c.marketplace} color={c.pass ? 'success' : 'error'}>
          {marketplaceName(c.marketplace)}：{c.originalPass ? '通过' : '不通过'} →{' '}
          {c.pass ? '通过' : '不通过'}
        </Tag>
      ))}
      {item.residual === null ? null : (
        <Tag color={item.residual === 0 ? 'success' : 'error'}>
          图片翻译：{item.residual === 0 ? `没有残留${left}` : `残留${left} ${item.residual} 个字`}
        </Tag>
      )}
    </>
  );
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
  const phone = Grid.useBreakpoint().md === false;
  if (detail.isPending) return <Skeleton active />;
  if (!detail.data) return <Alert type="error" showIcon title="这个批量任务不存在或已过期" />;
  const { job, items } = detail.data;
  const traditional = job.steps?.translate === 'zh-TW';

  return (
    <JobPanel
      label={`批量任务 ${job.id}`}
      title={`任务 #${job.id}`}
      subtitle={`${formatDate(job.createdAt)} 创建 · 保留到 ${formatDate(job.expiresAt)}`}
      job={job}
      actions={
        <JobActions
          routes={BATCH_JOBS}
          job={job}
          offers={{ resume: '继续处理', cancel: '取消' }}
          download={{ label: '下载结果 ZIP', nothingYet: '还没有处理完成的图片' }}
        />
      }
      counts={
        <JobCounts
          job={job}
          whole={`共 ${job.total} 张`}
          ends={{ allDone: '已全部完成', someFailed: '已处理完' }}
        />
      }
    >
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
                    <ItemStatusTag status={item.status} />
                    <ItemChecks item={item} traditional={traditional} />
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
                  render: (_: unknown, item: BatchItem) => <ItemStatusTag status={item.status} />,
                },
                {
                  title: job.steps?.translate
                    ? '检查（平台主图：原图 → 主图；图片翻译）'
                    : '平台主图检查（原图 → 主图）',
                  key: 'checks',
                  render: (_: unknown, item: BatchItem) => (
                    <ItemChecks item={item} traditional={traditional} />
                  ),
                },
              ]),
        ]}
      />
    </JobPanel>
  );
}
