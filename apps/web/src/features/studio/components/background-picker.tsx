import { PAGE_SIZE } from '@chuhai/contract';
import { Pagination, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useBackgroundCategories } from '../api/get-background-categories';
import { useBackgrounds } from '../api/get-backgrounds';
import '../studio.css';
import '../background.css';

/** The background library: category tabs over a grid of thumbnails, by page. */
export function BackgroundPicker(props: { value: string | null; onChange: (id: string) => void }) {
  const categories = useBackgroundCategories();
  // Open on the category of the chosen design (ids start with their category: `studio-white`).
  const [categoryId, setCategoryId] = useState(() => props.value?.split('-', 1)[0] ?? '');
  const [pageNo, setPageNo] = useState(1);
  const current = categoryId || categories.data?.[0]?.id || '';
  const backgrounds = useBackgrounds(current, pageNo);

  if (categories.isPending) return <Skeleton active />;
  return (
    <div className="studio-library">
      <Segmented
        value={current}
        onChange={(id) => {
          setCategoryId(String(id));
          setPageNo(1);
        }}
        options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        aria-label="背景分类"
      />
      <div className="studio-library__grid">
        {(backgrounds.data?.list ?? []).map((item) => (
          <button
            key={item.id}
            type="button"
            className="studio-swatch"
            aria-pressed={props.value === item.id}
            onClick={() => props.onChange(item.id)}
            title={item.name}
          >
            <img src={item.thumbUrl} alt="" loading="lazy" />
            <span>{item.name}</span>
          </button>
        ))}
      </div>
      {(backgrounds.data?.total ?? 0) > PAGE_SIZE.backgrounds ? (
        <Pagination
          size="small"
          current={pageNo}
          pageSize={PAGE_SIZE.backgrounds}
          total={backgrounds.data?.total ?? 0}
          onChange={setPageNo}
          showSizeChanger={false}
        />
      ) : null}
    </div>
  );
}
