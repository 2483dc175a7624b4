import { useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { TabMenu } from 'primereact/tabmenu';
import { ResourceListPage } from '../../crud';
import replay from '../../resources/feedback/replay.resource';
import feedbackWords from '../../resources/feedback/feedback-words.resource';

const TABS = ['replay', 'words'] as const;

/**
 * /feedback/words (spec §2, §7 the `replay` endpoints): reply templates and screened words, one list per
 * tab; the tab is part of the URL query like the list's filters.
 */
export default function FeedbackWordsPage() {
  const { t } = useTranslation();
  const [path, navigate] = useLocation();
  const tab = new URLSearchParams(useSearch()).get('tab') === 'words' ? 'words' : 'replay';
  return (
    <div className="feedback-words">
      <TabMenu
        model={TABS.map((k) => ({ label: t(`feedback.tabs.${k}`), command: () => navigate(k === 'replay' ? path : `${path}?tab=${k}`), data: k }))}
        activeIndex={TABS.indexOf(tab)}
        data-testid="feedback-words-tabs"
        style={{ marginBottom: 12 }}
      />
      {tab === 'replay' ? <ResourceListPage key="replay" resource={replay} /> : <ResourceListPage key="words" resource={feedbackWords} keepQuery={{ tab: 'words' }} />}
    </div>
  );
}
