// Deadlines, as Sources/PMDomain/Deadline.swift: a calendar day, carried as its ISO text
// `YYYY-MM-DD` (which sorts as the days do) and counted in days since 1970-01-01 for arithmetic
// (Howard Hinnant's civil-calendar algorithms, as the Swift uses).

const ISO = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const MILLISECONDS_PER_DAY = 86_400_000;

function daysInMonth(month, year) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a strict ISO date, or `null` when it names no real day. */
export function daysFromISO(text) {
  const match = ISO.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return null;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The ISO text of the day `days` days after 1970-01-01. */
export function isoFromDays(days) {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const pad = (value, width) => String(value).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The day `days` days after `iso` (before it, when negative). */
export function addDays(iso, days) {
  return isoFromDays(daysFromISO(iso) + days);
}

/** The day (in UTC) that a wall time in milliseconds falls on: a card's default deadline. */
export function dayOfWallTime(wallTime) {
  return isoFromDays(Math.floor(wallTime / MILLISECONDS_PER_DAY));
}
