export {
  adminStrategiesQueryOptions,
  currentStrategyQueryOptions,
  deleteStrategyMutationOptions,
  publishStrategyMutationOptions,
  saveStrategyMutationOptions,
  strategyArchiveQueryOptions,
  strategyKeys,
  type StrategyDraft,
} from './api';
export { Markdown } from './components/markdown';
export { StrategiesPage } from './components/strategies-page';
export { StrategyBoard } from './components/strategy-board';
export { StrategyCard } from './components/strategy-card';
export { StrategyPage, StrategyView } from './components/strategy-page';
export { useLoadBoard, type LoadBoard } from './use-load-board';
export { usePlanView, type PlanView } from './use-plan-access';
