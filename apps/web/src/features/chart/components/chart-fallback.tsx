import { Button, buttonClass } from '@/components';
import { coinGeckoUrl, tradingViewUrl } from '../lib/chart-links';

interface ChartFallbackProps {
  tvSymbol: string;
  onReload: () => void;
  onUseBuiltIn: () => void;
}

/** SPEC.md section 2: why the chart is missing and where to see it instead. */
export function ChartFallback({ tvSymbol, onReload, onUseBuiltIn }: ChartFallbackProps) {
  return (
    <section className="chart-fallback" aria-labelledby="chart-fallback-title">
      <span className="chart-fallback__icon" aria-hidden="true">
        !
      </span>
      <h3 id="chart-fallback-title" className="chart-fallback__title">
        Chart Display Issue
      </h3>
      <p className="chart-fallback__text">
        The {tvSymbol} chart could not be displayed. This could be due to an ad blocker or network
        issue.
      </p>
      <div className="chart-fallback__actions">
        <a
          className={buttonClass('secondary')}
          href={tradingViewUrl(tvSymbol)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open in TradingView
        </a>
        <a
          className={buttonClass('secondary')}
          href={coinGeckoUrl(tvSymbol)}
          target="_blank"
          rel="noopener noreferrer"
        >
          View on CoinGecko
        </a>
        <Button variant="secondary" onClick={onReload}>
          Reload Widget
        </Button>
        <Button onClick={onUseBuiltIn}>Use built-in chart</Button>
      </div>
    </section>
  );
}
