/** The steps of exchange connect (SPEC.md sections 2 and 4). */
export type ConnectStep = 'intro' | 'apiKeys' | 'success' | 'error' | 'enableLiveTrading';

/** The stages the step indicator shows: success and error share the third. */
export const CONNECT_STAGES = [
  { id: 'intro', label: 'Introduction' },
  { id: 'apiKeys', label: 'API keys' },
  { id: 'result', label: 'Connection' },
  { id: 'enableLiveTrading', label: 'Live trading' },
] as const;

export type ConnectStage = (typeof CONNECT_STAGES)[number]['id'];

export function stageOf(step: ConnectStep): ConnectStage {
  return step === 'success' || step === 'error' ? 'result' : step;
}

const CONNECT_FAILED_PREFIX = 'Failed to connect to exchange';

/**
 * What to show under 'Failed to connect to exchange': the server's reason without the
 * repeated prefix ("Failed to connect to exchange: <reason>"), or the message as it is.
 */
export function connectFailureReason(message: string): string {
  const text = message.trim();
  if (!text.startsWith(CONNECT_FAILED_PREFIX)) return text;
  return text.slice(CONNECT_FAILED_PREFIX.length).replace(/^[\s:.-]+/, '');
}
