import { CloseOutlined, NotificationOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { storage } from '../../lib/storage';
import { type Announcement, useAnnouncements } from './get-announcements';
import './announcements.css';

const DISMISSED_KEY = 'dismissedAnnouncements';

// The Markdown renderer is fetched only when there is an announcement: the shell stays light.
const MarkdownView = lazy(() =>
  import('../../components/markdown/markdown-view').then((m) => ({ default: m.MarkdownView })),
);

function Body({ source }: { source: string }) {
  return (
    <Suspense fallback={<span>{source}</span>}>
      <MarkdownView source={source} />
    </Suspense>
  );
}

function useDismissed() {
  const [dismissed, setDismissed] = useState<number[]>(() => {
    const saved = storage.get(DISMISSED_KEY);
    return Array.isArray(saved) ? saved.filter((id): id is number => typeof id === 'number') : [];
  });
  const dismiss = (id: number) => {
    // Only the latest ids matter; the list stays short.
    const next = [...dismissed, id].slice(-50);
    storage.set(DISMISSED_KEY, next);
    setDismissed(next);
  };
  return { dismissed, dismiss };
}

function live(list: Announcement[] | undefined, place: Announcement['place'], dismissed: number[]) {
  const now = Date.now();
  return (list ?? []).filter(
    (a) => a.place === place && a.startsAt <= now && a.endsAt > now && !dismissed.includes(a.id),
  );
}

/** 公告条: across the top of every page; closed ones stay closed on this browser. */
export function AnnouncementBar() {
  const announcements = useAnnouncements();
  const { dismissed, dismiss } = useDismissed();
  const shown = live(announcements.data, 'bar', dismissed);
  if (shown.length === 0) return null;
  return (
    <div className="announcement-bar">
      {shown.map((a) => (
        <div key={a.id} className="announcement-bar__item" role="status">
          <NotificationOutlined className="announcement-bar__icon" />
          <span className="announcement-bar__text">
            <strong>{a.title}</strong>
            {a.body ? <Body source={a.body} /> : null}
          </span>
          <button
            type="button"
            className="btn btn--text btn--icon btn--small"
            aria-label={`关闭公告「${a.title}」`}
            onClick={() => dismiss(a.id)}
          >
            <CloseOutlined />
          </button>
        </div>
      ))}
    </div>
  );
}

/** 公告卡片: on the home page, above the tools. */
export function AnnouncementCards() {
  const announcements = useAnnouncements();
  const { dismissed, dismiss } = useDismissed();
  const shown = live(announcements.data, 'card', dismissed);
  if (shown.length === 0) return null;
  return (
    <section className="announcement-cards" aria-label="公告">
      {shown.map((a) => (
        <article key={a.id} className="card card--small announcement-cards__card">
          <header className="card__head">
            <h2 className="card__title">
              <NotificationOutlined /> {a.title}
            </h2>
            <button type="button" className="announcement-cards__close" onClick={() => dismiss(a.id)}>
              不再显示
            </button>
          </header>
          <div className="card__body">
            <Body source={a.body} />
          </div>
        </article>
      ))}
    </section>
  );
}
