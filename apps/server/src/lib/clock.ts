/**
 * The app's one source of the current time. Every service that reads the time is handed the
 * clock of AppDeps (real time in production, ctx.clock in tests), so a test moves time on
 * instead of writing timestamps into the database.
 */
export type Clock = () => Date;

/** Real time. */
export const systemClock: Clock = () => new Date();
