// The board's today: the local day of the browser (the CLI's today is the local day too), and
// when it next rolls over. The wall time always comes from the caller's injected clock.

/** Today in the browser's time zone, as ISO. */
export function localToday(date) {
  const pad = (value) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Milliseconds from `date` to the next local midnight (when the board's today rolls over). */
export function untilMidnight(date) {
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return next.getTime() - date.getTime();
}
