import { ComingSoon, Page } from '@/components';

const workflow = [
  'Check the trading pair and write down the trade idea.',
  'Assign points to your good practices and tick the bingo cells you met.',
  'More points mean more risk allowance: the score sets the risk/reward tier.',
  'Enter the stoploss first, then the entry; a target is proposed for you.',
] as const;

/** /bingo: the widget dashboard is being built; this page says so and shows the workflow. */
export function BingoPage() {
  return (
    <Page title="Bingo Dashboard" lead="Your trading workflow, one widget at a time.">
      <ComingSoon heading="The dashboard is on its way">
        <p>
          The bingo grid, risk/reward calculator, trade details, trade idea and chart widgets will
          appear here. The workflow they follow:
        </p>
        <ol className="workflow-list">
          {workflow.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </ComingSoon>
    </Page>
  );
}
