import { SCRIPT_CELLS } from '@tb/core';
import { Link } from 'react-router';
import { Badge, Button, buttonClass, Card } from '@/components';
import { useLoadBoard, usePlanView } from '@/features/strategies';
import { SignInOrPlans } from './shop-actions';

export const shopScriptTexts = {
  title: 'Script cells',
  intro:
    'Cells the app ticks itself when you plan a trade, from the market data of the pair and side. Each rule is written beside its cell; the trades they tick build their win rate.',
  plans: 'Quarterly and annual plans',
  add: 'Add the script-cell board',
  addNote: 'A new board "Script cells": these five first, twenty empty cells for your own.',
  upgrade: 'Get quarterly or annual',
  upgradeNote: 'Script cells come with the quarterly and annual plans.',
} as const;

/** The catalogue of script cells, and the button that adds them as a board (plan allowing). */
export function ShopScriptCells() {
  return (
    <Card as="section" className="shop-section" labelledBy="shop-script-title">
      <div className="shop-section__head">
        <h2 id="shop-script-title" className="shop-section__title">
          {shopScriptTexts.title}
        </h2>
        <Badge tone="info">{shopScriptTexts.plans}</Badge>
      </div>
      <p className="shop-section__intro">{shopScriptTexts.intro}</p>
      <ul className="shop-cells">
        {SCRIPT_CELLS.map((cell) => (
          <li key={cell.id} className="shop-cell" data-script={cell.id}>
            <div className="shop-cell__head">
              <h3 className="shop-cell__label">{cell.label}</h3>
              <span className="shop-cell__points">
                {cell.points} {cell.points === 1 ? 'point' : 'points'}
              </span>
            </div>
            <p className="shop-cell__rule">{cell.rule}</p>
          </li>
        ))}
      </ul>
      <ScriptBoardAction />
    </Card>
  );
}

function ScriptBoardAction() {
  const plan = usePlanView();
  const load = useLoadBoard();
  if (!plan.signedIn) return <SignInOrPlans />;
  if (!plan.known) return null;
  if (plan.has('scriptCase')) {
    return (
      <div className="shop-actions">
        <Button disabled={!load.ready} onClick={load.scriptCells}>
          {shopScriptTexts.add}
        </Button>
        <p className="shop-actions__note">{shopScriptTexts.addNote}</p>
      </div>
    );
  }
  return (
    <div className="shop-actions">
      <Link to="/payment" className={buttonClass('primary')}>
        {shopScriptTexts.upgrade}
      </Link>
      <p className="shop-actions__note">{shopScriptTexts.upgradeNote}</p>
    </div>
  );
}
