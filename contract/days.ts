// Daily Yamb's days (UTC, `YYYY-MM-DD`), as the API writes them and the web app reads them.

/** A UTC day as the API writes it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day (`YYYY-MM-DD`) of an epoch-milliseconds moment. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
