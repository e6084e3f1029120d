export { NotificationRegion } from './notification-region';
export {
  NOTIFICATION_MS,
  dismissNotification,
  notify,
  resetNotifications,
  type Notification,
  type NotificationAction,
  type NotificationTone,
} from './notification-store';
