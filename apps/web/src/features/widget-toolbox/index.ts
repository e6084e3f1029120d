export { WidgetToolboxPage } from './components/widget-toolbox-page';
