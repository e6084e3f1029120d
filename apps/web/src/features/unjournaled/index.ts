export { UnjournaledSection } from './components/unjournaled-section';
export { unjournaledKeys } from './api';
