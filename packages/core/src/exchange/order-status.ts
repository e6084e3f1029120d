/** Status classes of the order history (SPEC.md section 4). */
export type OrderStatusClass = 'filled' | 'canceled' | 'open' | 'rejected' | 'other';

const CLASSES: Readonly<Record<string, OrderStatusClass>> = {
  filled: 'filled',
  closed: 'filled',
  canceled: 'canceled',
  cancelled: 'canceled',
  open: 'open',
  rejected: 'rejected',
};

/**
 * The class of an order status: filled/closed → 'filled', canceled/cancelled → 'canceled',
 * open → 'open', rejected → 'rejected', anything else 'other'. Case-insensitive.
 */
export function orderStatusClass(status: string): OrderStatusClass {
  return CLASSES[status.trim().toLowerCase()] ?? 'other';
}
