import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  checkListing,
  LISTING_FIELD_NAMES,
  LISTING_LANGUAGES,
  type Listing,
  type ListingField,
  type ListingText,
  listingFields,
  MARKETPLACES,
  targetName,
} from '@chuhai/contract';
import { Alert, App, Button, Input, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSaveListing } from '../api/save-listing';
import { FieldCounter } from './field-counter';
import { FieldIssues } from './field-issues';

interface Props {
  listing: Listing;
  /** 一键修正, after the seller's edits are saved; `busy` while the model rewrites. */
  onFix: (listing: Listing) => void;
  busy: boolean;
}

const asText = (text: ListingText, field: ListingField) =>
  field === 'bullets' ? text.bullets.join('\n') : text[field];

/** One listing: each field with its counter, its broken rules as the seller types, and its Chinese. */
export function ListingEditor({ listing, onFix, busy }: Props) {
  const [text, setText] = useState<ListingText>(listing.text);
  const save = useSaveListing();
  const { message } = App.useApp();
  useEffect(() => setText(listing.text), [listing]);

  const fields = listingFields(listing.marketplace);
  const issues = useMemo(
    () => checkListing(text, listing.marketplace, { brand: listing.facts.brand, language: listing.language }),
    [text, listing],
  );
  const required = issues.filter((i) => i.level === 'required').length;
  const dirty = JSON.stringify(text) !== JSON.stringify(listing.text);

  const saveEdits = async (): Promise<Listing> => {
    const saved = await save.mutateAsync({ id: listing.id, text });
    void message.success('已保存');
    return saved;
  };

  const copy = async (field: ListingField) => {
    await navigator.clipboard.writeText(asText(text, field));
    void message.success(`已复制${LISTING_FIELD_NAMES[field]}`);
  };

  const bulletCount = Math.max(MARKETPLACES[listing.marketplace].bullets, text.bullets.length);

  return (
    <article
      className="tool-column__card listing-editor"
      aria-label={targetName(listing.marketplace, listing.site)}
      data-listing-id={listing.id}
    >
      <header className="listing-editor__head">
        <div>
          <h3>{targetName(listing.marketplace, listing.site)}</h3>
          <span className="muted">{LISTING_LANGUAGES[listing.language]}</span>
        </div>
        {issues.length === 0 ? (
          <Tag color="success">符合全部规则</Tag>
        ) : (
          <Tag color={required > 0 ? 'error' : 'warning'}>
            {required > 0 ? `${required} 项必须修改` : ''}
            {required > 0 && issues.length > required ? '，' : ''}
            {issues.length > required ? `${issues.length - required} 项建议` : ''}
          </Tag>
        )}
      </header>

      {fields.map((field) => {
        const fieldIssues = issues.filter((i) => i.field === field);
        return (
          <section key={field} className="listing-field">
            <div className="listing-field__head">
              <label htmlFor={`listing-${listing.id}-${field}`}>{LISTING_FIELD_NAMES[field]}</label>
              {field === 'bullets' ? null : (
                <FieldCounter marketplace={listing.marketplace} field={field} value={text[field]} />
              )}
              <Tooltip title={`复制${LISTING_FIELD_NAMES[field]}`}>
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={`复制${LISTING_FIELD_NAMES[field]}`}
                  onClick={() => void copy(field)}
                />
              </Tooltip>
            </div>
            {field === 'bullets' ? (
              Array.from({ length: bulletCount }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: bullet slots are positions, never reordered
                <div key={i} className="listing-bullet">
                  <Input.TextArea
                    id={i === 0 ? `listing-${listing.id}-bullets` : undefined}
                    aria-label={`第 ${i + 1} 条五点描述`}
                    autoSize={{ minRows: 1, maxRows: 5 }}
                    value={text.bullets[i] ?? ''}
                    onChange={(e) => {
                      const bullets = [...text.bullets];
                      bullets[i] = e.target.value;
                      setText({ ...text, bullets });
                    }}
                  />
                  <FieldCounter
                    marketplace={listing.marketplace}
                    field="bullets"
                    value={text.bullets[i] ?? ''}
                  />
                </div>
              ))
            ) : (
              <Input.TextArea
                id={`listing-${listing.id}-${field}`}
                autoSize={{ minRows: field === 'description' ? 4 : 2, maxRows: 12 }}
                value={text[field]}
                onChange={(e) => setText({ ...text, [field]: e.target.value })}
              />
            )}
            <FieldIssues issues={fieldIssues} />
            {asText(listing.zh, field) ? (
              <details className="listing-zh">
                <summary>中文回译</summary>
                <p>{asText(listing.zh, field)}</p>
              </details>
            ) : null}
          </section>
        );
      })}

      <footer className="listing-editor__actions">
        <Button onClick={() => void saveEdits()} disabled={!dirty} loading={save.isPending}>
          保存修改
        </Button>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={issues.length === 0}
          loading={busy}
          onClick={async () => onFix(dirty ? await saveEdits() : listing)}
        >
          一键修正
        </Button>
      </footer>
      {dirty ? <Alert type="info" showIcon title="有未保存的修改；一键修正会先保存再修正。" /> : null}
    </article>
  );
}
