import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import {
  dismissNotification,
  getNotifications,
  subscribeNotifications,
} from './notification-store';
import './notifications.css';

/** The one live region where notifications appear (polite; errors assertive). */
export function NotificationRegion() {
  const items = useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
  return (
    <section className="notifications" aria-label="Notifications">
      <div aria-live="polite" aria-atomic="false" className="notifications__list">
        {items.map((n) => (
          <div key={n.id} className={`notification notification--${n.tone}`}>
            <p className="notification__message">{n.message}</p>
            {n.action ? (
              <button
                type="button"
                className="notification__action"
                onClick={() => {
                  dismissNotification(n.id);
                  n.action?.run();
                }}
              >
                {n.action.label}
              </button>
            ) : null}
            <button
              type="button"
              className="notification__dismiss"
              onClick={() => dismissNotification(n.id)}
              aria-label="Dismiss notification"
            >
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
