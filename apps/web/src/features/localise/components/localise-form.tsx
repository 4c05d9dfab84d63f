import type { LocaliseBody, LocaliseCatalogue, LocaliseProduct } from '@chuhai/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Segmented } from 'antd';
import { useRef, useState } from 'react';
import { EMPTY_FACTS } from '../../../entities/listing/facts-form';
import { newActionKey } from '../../../lib/action-key';
import { ApiError } from '../../../lib/api-client';
import { useEstimate } from '../api/get-estimate';
import { localiseJobQueryOptions } from '../api/get-job';
import { useStartJob } from '../api/start-job';
import { chosen, NOTHING_SKIPPED, nothingChosen, type Skipped, toggle, tooManySites } from '../choice';
import { CataloguePicker } from './catalogue-picker';
import { EstimateChoice } from './estimate-choice';
import { EstimatePanel } from './estimate-panel';
import { SingleProduct, type SingleProductValue } from './single-product';
import { SitePicker } from './site-picker';

type Source = 'single' | 'catalogue';

/** The products to send, or what is still missing (in words) before there are any. */
function productsOf(
  source: Source,
  single: SingleProductValue,
  catalogue: LocaliseCatalogue | null,
): LocaliseProduct[] | string {
  if (source === 'catalogue') {
    if (!catalogue) return '上传商品表格和照片后，这里显示要用的次数。';
    // The thumbnail's link is the page's: the job is started with the product alone.
    return catalogue.products.length > 0
      ? catalogue.products.map(({ mainPhotoUrl: _, ...product }) => product)
      : '目录里没有可以处理的商品。';
  }
  const productName = single.facts.productName.trim();
  const main = single.main[0];
  if (!productName || !main) return '填好商品名称、选好主图照片后，这里显示要用的次数。';
  return [
    {
      facts: { ...single.facts, productName },
      mainPhotoId: main.id,
      detailPhotoIds: single.details.map((p) => p.id),
    },
  ];
}

/**
 * The key sent with 开始出海: the same while the form is unchanged, so a double click or a retry is
 * the job already started (the server answers it again); a new one once anything in the form
 * changes, or once the job started from this form has stopped running (to run it again is a choice).
 */
function useStartKey(body: LocaliseBody | null) {
  const json = body ? JSON.stringify(body) : '';
  const [started, setStarted] = useState<{ json: string; jobId: number } | null>(null);
  const job = useQuery({
    ...localiseJobQueryOptions(started?.jobId ?? 0),
    enabled: started !== null,
  });
  // Until its first answer the job counts as running: it was started a moment ago.
  const sameJobRunning =
    started !== null && started.json === json && (job.data?.job.status ?? 'running') === 'running';
  const key = useRef<{ json: string; key: string; used: boolean } | null>(null);
  if (!key.current || key.current.json !== json || (key.current.used && !sameJobRunning))
    key.current = { json, key: newActionKey(), used: false };
  const current = key.current;
  return {
    key: current.key,
    sameJobRunning,
    started: (jobId: number) => {
      current.used = true;
      setStarted({ json, jobId });
    },
  };
}

/** A new job: one product or a catalogue, the sites, the estimate, start. */
export function LocaliseForm({ onStarted }: { onStarted: (jobId: number) => void }) {
  const [source, setSource] = useState<Source>('single');
  const [single, setSingle] = useState<SingleProductValue>({ facts: EMPTY_FACTS, main: [], details: [] });
  const [catalogue, setCatalogue] = useState<LocaliseCatalogue | null>(null);
  const [sites, setSites] = useState<string[]>(['amazon-US']);
  const [skipped, setSkipped] = useState<Skipped>(NOTHING_SKIPPED);
  const start = useStartJob();

  const products = productsOf(source, single, catalogue);
  const candidates = typeof products === 'string' || sites.length === 0 ? null : { products, sites };
  // The body is what the seller left checked in the estimate: the estimate, the start key and the
  // job all follow it.
  const choice = candidates ? chosen(candidates.products, candidates.sites, skipped) : null;
  const missing =
    typeof products === 'string'
      ? products
      : sites.length === 0
        ? '至少选一个站点。'
        : (nothingChosen(choice as NonNullable<typeof choice>) ??
          tooManySites((choice as NonNullable<typeof choice>).sites.length));
  const body: LocaliseBody | null = missing || !choice ? null : choice;
  const estimate = useEstimate(body);
  const startKey = useStartKey(body);
  const estimateError =
    estimate.error instanceof ApiError ? estimate.error.msg : estimate.error ? '预估失败，请稍后再试' : null;

  return (
    <section className="tool-panel localise-form" aria-label="新建出海任务">
      <h1>一键出海</h1>
      <p className="muted">
        一个商品或一整个目录，一次做好每个站点的
        listing、白底主图和翻译好的详情图，并按平台的必须规则逐条复查。
      </p>

      <h2 className="localise-form__step">1. 商品</h2>
      <Segmented<Source>
        block
        value={source}
        onChange={setSource}
        options={[
          { value: 'single', label: '单个商品' },
          { value: 'catalogue', label: '商品目录' },
        ]}
      />
      {/* Both stay mounted: switching back and forth keeps what was picked in each. */}
      <div hidden={source !== 'single'}>
        <SingleProduct value={single} onChange={setSingle} />
      </div>
      <div hidden={source !== 'catalogue'}>
        <CataloguePicker value={catalogue} onChange={setCatalogue} />
      </div>

      <h2 className="localise-form__step">2. 站点</h2>
      <SitePicker
        value={sites}
        onChange={(next) => {
          // A site ticked again in step 2 is meant to go, even if it was taken out in the estimate.
          setSkipped((s) => ({
            ...s,
            sites: toggle(
              s.sites,
              next.filter((id) => !sites.includes(id)),
              true,
            ),
          }));
          setSites(next);
        }}
      />

      <h2 className="localise-form__step">3. 用量</h2>
      <EstimatePanel
        estimate={body ? estimate.data : undefined}
        loading={estimate.isFetching}
        error={estimateError}
        missing={missing}
        counts={choice ? { products: choice.products.length, sites: choice.sites.length } : null}
        choice={
          candidates && (candidates.products.length > 1 || candidates.sites.length > 1) ? (
            <EstimateChoice
              products={candidates.products}
              sites={candidates.sites}
              skipped={skipped}
              onChange={setSkipped}
            />
          ) : null
        }
      />
      {start.error ? (
        <Alert
          type="error"
          showIcon
          title={start.error instanceof ApiError ? start.error.msg : '开始失败，请重试'}
        />
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        loading={start.isPending}
        disabled={!body || !estimate.data?.canStart || estimate.isFetching || startKey.sameJobRunning}
        onClick={() =>
          body &&
          start.mutate(
            { ...body, startKey: startKey.key },
            {
              onSuccess: (detail) => {
                startKey.started(detail.job.id);
                onStarted(detail.job.id);
              },
            },
          )
        }
      >
        开始出海
      </Button>
      {startKey.sameJobRunning ? (
        <p className="muted localise-form__running">
          这些商品和站点的任务正在进行；换商品或站点可以再开始一个。
        </p>
      ) : null}
    </section>
  );
}
