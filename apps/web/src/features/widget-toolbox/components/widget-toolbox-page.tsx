import { ComingSoon, Page } from '@/components';

const widgets = [
  'Bingo Grid',
  'Risk/Reward Calculator',
  'Trade Details',
  'Trade Idea',
  'Trading Chart',
] as const;

export function WidgetToolboxPage() {
  return (
    <Page title="Widget Toolbox" lead="The widgets you can place on your dashboard.">
      <ComingSoon heading="Drag and drop is on its way" plans={widgets}>
        <p>Adding and removing widgets from here is not available yet. The widgets:</p>
      </ComingSoon>
    </Page>
  );
}
