export { BingoPage } from './components/bingo-page';
