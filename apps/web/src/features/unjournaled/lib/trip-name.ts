import type { UnjournaledTrip } from '../api';

/** 'Long ETHUSDT': how buttons and dialogs name a trip. */
export function tripName(trip: Pick<UnjournaledTrip, 'isLong' | 'pair'>): string {
  return `${trip.isLong ? 'Long' : 'Short'} ${trip.pair}`;
}
