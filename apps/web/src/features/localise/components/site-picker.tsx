import { LOCALISE_MISSING_SITES } from '@chuhai/contract';
import { Button, Checkbox } from 'antd';
import { SITES_PER_JOB } from '../choice';
import { siteGroups, toggleMarketplace } from '../site-groups';
import { regionSites, toggleSites } from '../site-regions';

const GROUPS = siteGroups();
const REGION_SITES = regionSites();

/**
 * How many sites are chosen, 清空, and a button per region that ticks its sites on every marketplace
 * (pressed again, clears them): with some 45 sites a seller selling to 东南亚 should not tick 18 boxes.
 */
function PickerBar(props: { value: string[]; onChange: (sites: string[]) => void }) {
  const chosen = new Set(props.value);
  return (
    <div className="localise-sites__bar">
      <p className="localise-sites__count" aria-live="polite">
        已选 <strong>{props.value.length}</strong> 个站点
        {props.value.length > SITES_PER_JOB ? (
          <span className="localise-sites__over">（一次最多 {SITES_PER_JOB} 个）</span>
        ) : null}
        <Button
          type="link"
          size="small"
          disabled={props.value.length === 0}
          onClick={() => props.onChange([])}
        >
          清空
        </Button>
      </p>
      <fieldset className="localise-sites__regions" aria-label="按地区选站点">
        <span className="muted">按地区：</span>
        {REGION_SITES.map((region) => {
          const all = region.siteIds.every((id) => chosen.has(id));
          return (
            <Button
              key={region.id}
              size="small"
              type={all ? 'primary' : 'default'}
              aria-pressed={all}
              title={all ? `取消${region.name}的全部站点` : `选上${region.name}的全部站点`}
              onClick={() => props.onChange(toggleSites(props.value, region.siteIds, !all))}
            >
              {region.name}
              <span className="localise-sites__region-count">{region.siteIds.length}</span>
            </Button>
          );
        })}
      </fieldset>
    </div>
  );
}

/** The sites, by marketplace, each with its buyers' language; the sites we have no rules for, said plainly. */
export function SitePicker(props: { value: string[]; onChange: (sites: string[]) => void }) {
  const chosen = new Set(props.value);
  return (
    <div className="localise-sites">
      <PickerBar value={props.value} onChange={props.onChange} />
      {GROUPS.map((group) => {
        const picked = group.sites.filter((s) => chosen.has(s.id)).length;
        return (
          <fieldset key={group.marketplace} className="localise-sites__group">
            <legend>
              <Checkbox
                checked={picked === group.sites.length}
                indeterminate={picked > 0 && picked < group.sites.length}
                onChange={(e) => props.onChange(toggleMarketplace(props.value, group, e.target.checked))}
              >
                {group.name}
              </Checkbox>
              <span className="muted localise-sites__picked">
                {picked > 0 ? `已选 ${picked}/${group.sites.length}` : `${group.sites.length} 个站点`}
              </span>
            </legend>
            <div className="localise-sites__list">
              {group.sites.map((site) => (
                <Checkbox
                  key={site.id}
                  checked={chosen.has(site.id)}
                  aria-label={`${group.name} ${site.label}`}
                  onChange={(e) => props.onChange(toggleSites(props.value, [site.id], e.target.checked))}
                >
                  {site.label}
                  <span className="localise-sites__language">{site.language}</span>
                </Checkbox>
              ))}
            </div>
          </fieldset>
        );
      })}
      {LOCALISE_MISSING_SITES && (
        <p className="muted localise-sites__missing">还不能选的站点：{LOCALISE_MISSING_SITES}</p>
      )}
    </div>
  );
}
