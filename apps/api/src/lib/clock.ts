// Time for the session and code rules comes from here, never from the database's now(), so
// tests can move it (vi.setSystemTime) and the rules are computed in one place.
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
