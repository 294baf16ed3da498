import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BUG_HASH, ContactTab } from '../components/about/ContactTab';
import { ProjectTab } from '../components/about/ProjectTab';
import { RulesTab } from '../components/about/RulesTab';
import { StatusTab } from '../components/about/StatusTab';
import { onTabListKeys } from '../components/tabListKeys';
import { useTitle } from '../components/useTitle';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';

const TABS = ['rules', 'project', 'status', 'contact'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

const PANELS: Record<Tab, ComponentType> = {
  rules: RulesTab,
  project: ProjectTab,
  status: StatusTab,
  contact: ContactTab,
};

/** Tabs addressed by the URL hash (#rules, ...; #bug is contact's bug report); else the last tab seen, else rules. */
export default function About() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const navigate = useNavigate();
  useTitle(t('screens.about'));

  // #bug is the contact tab showing the bug report form.
  const fromHash = hash.slice(1) === BUG_HASH ? 'contact' : hash.slice(1);
  const stored = readStorage(STORAGE_KEYS.aboutTab);
  const active: Tab = isTab(fromHash) ? fromHash : isTab(stored) ? stored : 'rules';

  useEffect(() => {
    writeStorage(STORAGE_KEYS.aboutTab, active);
  }, [active]);

  const select = (tab: Tab) => navigate({ hash: `#${tab}` }, { replace: true });

  const Panel = PANELS[active];
  return (
    <section className="page" aria-labelledby="about-title">
      <h1 id="about-title">{t('about.title')}</h1>
      <div className="tabs" role="tablist" aria-label={t('about.tabsLabel')} onKeyDown={onTabListKeys}>
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`about-tab-${tab}`}
            className="tab"
            aria-selected={tab === active}
            aria-controls={tab === active ? 'about-panel' : undefined}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => select(tab)}
          >
            {t(`about.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id="about-panel" aria-labelledby={`about-tab-${active}`}>
        <Panel />
      </div>
    </section>
  );
}
