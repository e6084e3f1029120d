export { ExchangeConnectPage } from './components/exchange-connect-page';
