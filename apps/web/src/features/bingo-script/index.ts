// Script cells on the board at plan time (issue 31): the script's answer for the planned trade.
export {
  PLAN_TIMEFRAME,
  scriptCaseOf,
  scriptCellsKeys,
  scriptCellsQueryOptions,
  scriptPointsOf,
  usePlannedSide,
  useScriptCase,
  useScriptCells,
  useScriptPoints,
  writePlannedSide,
  type ScriptCellsView,
} from './hooks/use-script-cells';
