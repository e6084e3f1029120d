import { DEFAULT_CHART_SYMBOL } from '@tb/core';
import { useState } from 'react';
import { Button, notify, TextAreaField } from '@/components';
import { writeLastSymbol } from '../lib/last-symbol-store';
import { readStored, TRADE_IDEA_KEYS, writeStored } from '../lib/trade-idea-storage';
import { IdeaTemplates } from './idea-templates';
import { TradingPairField } from './trading-pair-field';
import './trade-idea.css';

export interface TradeIdeaWidgetProps {
  /** Whether the chart widget is on the dashboard: the toggle then offers to close it. */
  chartOpen: boolean;
  onOpenChart: (symbol: string) => void;
  onCloseChart: () => void;
}

/**
 * Step 1 of the workflow: write the idea down and check the pair on the chart. The idea and
 * the pair are kept in the browser, so they survive a reload even without an account.
 */
export function TradeIdeaWidget({ chartOpen, onOpenChart, onCloseChart }: TradeIdeaWidgetProps) {
  const [idea, setIdea] = useState(() => readStored(TRADE_IDEA_KEYS.idea) ?? '');
  const [symbol, setSymbol] = useState(() => readStored(TRADE_IDEA_KEYS.lastSymbol) ?? '');

  const changeIdea = (text: string) => {
    setIdea(text);
    writeStored(TRADE_IDEA_KEYS.idea, text);
  };

  const changeSymbol = (next: string) => {
    setSymbol(next);
    writeLastSymbol(next);
  };

  const toggleChart = () => {
    if (chartOpen) {
      onCloseChart();
      notify('Chart widget removed');
    } else {
      onOpenChart(symbol.trim() || DEFAULT_CHART_SYMBOL);
      notify('Chart widget added!', 'success');
    }
  };

  return (
    <div className="trade-idea">
      <TextAreaField
        label="Trade idea"
        placeholder="Enter your trade ideas here..."
        value={idea}
        onChange={(event) => changeIdea(event.target.value)}
        className="trade-idea__text"
      />
      <div className="trade-idea__pair">
        <TradingPairField value={symbol} onChange={changeSymbol} />
        <Button variant={chartOpen ? 'secondary' : 'primary'} onClick={toggleChart}>
          {chartOpen ? 'Close Chart' : 'Open Chart'}
        </Button>
      </div>
      <IdeaTemplates idea={idea} onApply={changeIdea} />
    </div>
  );
}
