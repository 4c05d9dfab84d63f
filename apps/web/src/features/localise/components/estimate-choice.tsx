import type { LocaliseProduct } from '@chuhai/contract';
import { Checkbox } from 'antd';
import { Fragment } from 'react';
import { allState, productKey, type Skipped, toggle } from '../choice';
import { siteGroups } from '../site-groups';

/** Each site's marketplace and name: the estimate lists sites under their marketplace, by its name alone. */
const SITES = new Map(
  siteGroups().flatMap((group) =>
    group.sites.map((site) => [site.id, { marketplace: group.name, label: site.label }] as const),
  ),
);

/** One list of checkboxes with 全选 above it. */
function ChoiceList(props: {
  legend: string;
  /** `group`: a heading the item goes under (its marketplace), items of one group being adjacent. */
  items: { key: string; label: React.ReactNode; name: string; group?: string }[];
  skipped: ReadonlySet<string>;
  onChange: (skipped: Set<string>) => void;
}) {
  const keys = props.items.map((i) => i.key);
  const all = allState(keys, props.skipped);
  return (
    <fieldset className="localise-choice__group">
      <legend>
        <Checkbox
          checked={all.checked}
          indeterminate={all.indeterminate}
          aria-label={`全选${props.legend}`}
          onChange={(e) => props.onChange(toggle(props.skipped, keys, e.target.checked))}
        >
          {props.legend} · 全选
        </Checkbox>
      </legend>
      <div className="localise-choice__list">
        {props.items.map((item, i) => (
          <Fragment key={item.key}>
            {item.group && item.group !== props.items[i - 1]?.group ? (
              <span className="localise-choice__heading">{item.group}</span>
            ) : null}
            <Checkbox
              checked={!props.skipped.has(item.key)}
              aria-label={item.name}
              onChange={(e) => props.onChange(toggle(props.skipped, [item.key], e.target.checked))}
            >
              {item.label}
            </Checkbox>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * In the estimate: which of the products and sites this job is for. Taking some out asks the server
 * for the estimate again and 开始出海 starts only what is left, so a seller whose uses today do not
 * cover everything can do part of it now.
 */
export function EstimateChoice(props: {
  products: readonly LocaliseProduct[];
  sites: readonly string[];
  skipped: Skipped;
  onChange: (skipped: Skipped) => void;
}) {
  const { skipped } = props;
  return (
    <div className="localise-choice">
      {props.products.length > 1 ? (
        <ChoiceList
          legend="商品"
          skipped={skipped.products}
          onChange={(products) => props.onChange({ ...skipped, products })}
          items={props.products.map((product) => ({
            key: productKey(product),
            name: [product.code, product.facts.productName].filter(Boolean).join(' '),
            label: (
              <>
                {product.code ? <span className="localise-code">{product.code}</span> : null}
                {product.facts.productName}
              </>
            ),
          }))}
        />
      ) : null}
      {props.sites.length > 1 ? (
        <ChoiceList
          legend="站点"
          skipped={skipped.sites}
          onChange={(sites) => props.onChange({ ...skipped, sites })}
          items={props.sites.map((id) => {
            const site = SITES.get(id);
            return {
              key: id,
              name: site ? `${site.marketplace} · ${site.label}` : id,
              label: site?.label ?? id,
              group: site?.marketplace,
            };
          })}
        />
      ) : null}
    </div>
  );
}
