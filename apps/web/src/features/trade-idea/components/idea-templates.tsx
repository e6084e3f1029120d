import { X } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, notify } from '@/components';
import { LazyPremiumLock } from '@/components/lazy-premium-lock';
import { usePremium } from '@/features/auth';
import {
  readTemplates,
  templateFromIdea,
  writeTemplates,
  type IdeaTemplate,
} from '../lib/trade-idea-storage';

interface IdeaTemplatesProps {
  idea: string;
  onApply: (text: string) => void;
}

/**
 * Premium: keep ideas that recur ("breakout retest, wait for the close") as named templates
 * and fill them in with one click. Free and anonymous users get the premium lock instead.
 */
export function IdeaTemplates({ idea, onApply }: IdeaTemplatesProps) {
  const isPremium = usePremium();
  const [lockOpen, setLockOpen] = useState(false);
  const [templates, setTemplates] = useState<IdeaTemplate[]>(readTemplates);
  const draft = templateFromIdea(idea);

  const update = (next: IdeaTemplate[]) => {
    setTemplates(next);
    writeTemplates(next);
  };

  const save = () => {
    if (!isPremium) return setLockOpen(true);
    if (!draft) return;
    update([draft, ...templates.filter((t) => t.name !== draft.name)]);
    notify(`Template "${draft.name}" saved`, 'success');
  };

  return (
    <section className="idea-templates" aria-labelledby="idea-templates-title">
      <div className="idea-templates__header">
        <h3 id="idea-templates-title" className="idea-templates__title">
          Idea templates
        </h3>
        {isPremium ? null : <Badge tone="accent">Premium</Badge>}
        <Button
          variant="secondary"
          className="idea-templates__save"
          onClick={save}
          disabled={isPremium && !draft}
        >
          Save as template
        </Button>
      </div>
      {isPremium && templates.length > 0 ? (
        <ul className="idea-templates__list">
          {templates.map((t) => (
            <li key={t.name} className="idea-templates__item">
              <button
                type="button"
                className="idea-templates__use"
                onClick={() => onApply(t.text)}
                aria-label={`Use template ${t.name}`}
              >
                {t.name}
              </button>
              <button
                type="button"
                className="idea-templates__delete"
                onClick={() => update(templates.filter((other) => other.name !== t.name))}
                aria-label={`Delete template ${t.name}`}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LazyPremiumLock open={lockOpen} onOpenChange={setLockOpen} />
    </section>
  );
}
