export { ShopPage } from './components/shop-page';
