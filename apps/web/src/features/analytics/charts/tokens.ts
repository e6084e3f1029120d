/** The design tokens a canvas chart paints with (canvas cannot read `var(--x)` itself). */
export interface ChartTokens {
  text: string;
  muted: string;
  grid: string;
  axis: string;
  accent: string;
  accentSoft: string;
  gain: string;
  loss: string;
  neutral: string;
  font: string;
}

const NAMES: Record<keyof ChartTokens, string> = {
  text: '--color-text',
  muted: '--color-text-muted',
  grid: '--color-border',
  axis: '--color-border-strong',
  accent: '--color-accent',
  accentSoft: '--color-accent-soft',
  gain: '--color-long',
  loss: '--color-short',
  neutral: '--color-text-subtle',
  font: '--font-sans',
};

/** The tokens' values from tokens.css, as the page's root element resolves them. */
export function readChartTokens(root: Element = document.documentElement): ChartTokens {
  const style = getComputedStyle(root);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return Object.fromEntries(
    Object.entries(NAMES).map(([key, name]) => [key, read(name)]),
  ) as unknown as ChartTokens;
}
