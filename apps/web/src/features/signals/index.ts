export { SignalsPanel } from './components/signals-panel';
