import { DEFAULT_CHART_SYMBOL } from '@tb/core';
import { z } from 'zod';
import { userLocalKeys } from '@/lib/session';

/**
 * Browser storage keys of the trade idea widget (kept for anonymous users too; a trader's are
 * cleared at logout and when another user signs in: lib/session's userLocalKeys).
 */
export const TRADE_IDEA_KEYS = {
  lastSymbol: userLocalKeys.lastSymbol,
  idea: userLocalKeys.tradeIdea,
  templates: userLocalKeys.ideaTemplates,
} as const;

/** Storage can be full or disabled (private mode): the widget then simply does not persist. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives on in the widget's state.
  }
}

/** The trading pair last typed in the trade idea widget, or BTCUSD; the chart opens with it. */
export function readLastSymbol(): string {
  return readStored(TRADE_IDEA_KEYS.lastSymbol)?.trim() || DEFAULT_CHART_SYMBOL;
}

/** The trade idea as last written (saved with a trade as its notes); '' when none. */
export function readTradeIdea(): string {
  return readStored(TRADE_IDEA_KEYS.idea)?.trim() ?? '';
}

const IdeaTemplateSchema = z.object({ name: z.string().min(1), text: z.string() });
export type IdeaTemplate = z.infer<typeof IdeaTemplateSchema>;

export function readTemplates(): IdeaTemplate[] {
  try {
    const parsed = z
      .array(IdeaTemplateSchema)
      .safeParse(JSON.parse(readStored(TRADE_IDEA_KEYS.templates) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeTemplates(templates: readonly IdeaTemplate[]): void {
  writeStored(TRADE_IDEA_KEYS.templates, JSON.stringify(templates));
}

/** Longest template name; the name is the idea's first line. */
export const TEMPLATE_NAME_MAX = 40;

/** A template named after the idea's first line; `null` for an empty idea. */
export function templateFromIdea(text: string): IdeaTemplate | null {
  const firstLine = text.trim().split('\n')[0]?.trim() ?? '';
  if (!firstLine) return null;
  const name =
    firstLine.length > TEMPLATE_NAME_MAX
      ? `${firstLine.slice(0, TEMPLATE_NAME_MAX - 1).trimEnd()}…`
      : firstLine;
  return { name, text: text.trim() };
}
