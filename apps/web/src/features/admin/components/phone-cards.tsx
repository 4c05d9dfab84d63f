import { Empty, Pagination, Skeleton, type TablePaginationConfig } from 'antd';
import type { Key, ReactNode } from 'react';

/** What one row of a console list shows as a card. */
export interface PhoneCard {
  key: Key;
  /** Read out for the card as a whole (a screen reader's "list item" says nothing else). */
  label: string;
  title: ReactNode;
  /** Its state (a tag), at the right of the title. */
  state?: ReactNode;
  /** The rest of the row's columns, small, wrapping as the width allows. */
  figures: ReactNode[];
  /** A longer text (an audit row's value after), on its own lines. */
  detail?: ReactNode;
  actions?: ReactNode;
}

/**
 * A console list on a phone, as 渠道 shows its channels: one card per row, what it is and its state
 * first, the other columns under it, its buttons in a thumb's reach. The tables left one or two
 * columns of a 560–900 px row in view and hid their buttons past the edge.
 */
export function PhoneCards(props: {
  label: string;
  cards: PhoneCard[];
  loading?: boolean;
  empty?: string;
  paging?: TablePaginationConfig;
}) {
  if (props.loading && props.cards.length === 0) return <Skeleton active />;
  if (props.cards.length === 0)
    return (
      <div className="admin-phone-cards admin-phone-cards--empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
      </div>
    );
  return (
    <>
      <ul className="admin-phone-cards" aria-label={props.label}>
        {props.cards.map((card) => (
          <li key={card.key} className="admin-phone-card" aria-label={card.label}>
            <div className="admin-phone-card__head">
              <strong>{card.title}</strong>
              {card.state ? <span className="admin-phone-card__state">{card.state}</span> : null}
            </div>
            <div className="admin-phone-card__figures">
              {card.figures.map((figure, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a card's figures are a fixed list in a fixed order
                <span key={i}>{figure}</span>
              ))}
            </div>
            {card.detail ? <div className="admin-phone-card__detail">{card.detail}</div> : null}
            {card.actions ? <div className="admin-phone-card__actions">{card.actions}</div> : null}
          </li>
        ))}
      </ul>
      {props.paging ? (
        <Pagination className="admin-phone-cards__pager" size="small" {...props.paging} />
      ) : null}
    </>
  );
}
