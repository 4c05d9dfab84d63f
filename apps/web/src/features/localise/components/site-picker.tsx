import { LOCALISE_MISSING_SITES } from '@chuhai/contract';
import { Checkbox } from 'antd';
import { siteGroups, toggleMarketplace } from '../site-groups';

const GROUPS = siteGroups();

/** The sites, by marketplace, each with its buyers' language; the sites we have no rules for, said plainly. */
export function SitePicker(props: { value: string[]; onChange: (sites: string[]) => void }) {
  const chosen = new Set(props.value);
  return (
    <div className="localise-sites">
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
            </legend>
            <div className="localise-sites__list">
              {group.sites.map((site) => (
                <Checkbox
                  key={site.id}
                  checked={chosen.has(site.id)}
                  aria-label={`${group.name} ${site.label}`}
                  onChange={(e) =>
                    props.onChange(
                      e.target.checked
                        ? [...props.value, site.id]
                        : props.value.filter((id) => id !== site.id),
                    )
                  }
                >
                  {site.label}
                  <span className="muted"> · {site.language}</span>
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
