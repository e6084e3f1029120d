export { BingoGridWidget } from './components/bingo-grid-widget';
