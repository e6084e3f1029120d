import { Page } from '@/components';
import { ShopPlans } from './shop-plans';
import { ShopScriptCells } from './shop-script-cells';
import { ShopStrategies } from './shop-strategies';
import './shop.css';

export const shopTexts = {
  lead: 'Ready-made cells and boards for your bingo: the script cells the app ticks from market data, and every month’s strategy board. Each goes onto your boards in one click.',
} as const;

/**
 * /shop (DESIGN.md section 15): the catalogue of script cells and strategy boards, what each
 * plan unlocks, and a button that adds one to the trader's boards where the plan allows it.
 */
export function ShopPage() {
  return (
    <Page title="Shop" lead={shopTexts.lead}>
      <div className="shop">
        <ShopScriptCells />
        <ShopStrategies />
        <ShopPlans />
      </div>
    </Page>
  );
}
