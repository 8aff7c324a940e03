// The hybrid logical clock, as Sources/PMDomain/HybridClock.swift and HybridTimestamp.swift.
// A reading is { wallTime, counter, device }: milliseconds since 1970, a counter for events
// within one millisecond (or behind a clock that went back), and the device's lowercase id.

/** The largest counter: Swift's UInt32.max. */
export const COUNTER_MAX = 0xffffffff;

// 18 digits of wall time, 10 of counter, then the device id in hex of either case (as Swift reads it).
const TEXT_FORM = /^([0-9]{18})-([0-9]{10})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Orders two readings: wall time, then counter, then device id (negative, zero or positive). */
export function compareTimestamps(a, b) {
  if (a.wallTime !== b.wallTime) return a.wallTime < b.wallTime ? -1 : 1;
  if (a.counter !== b.counter) return a.counter < b.counter ? -1 : 1;
  // Swift compares the id's bytes; lowercase hex with hyphens in fixed places sorts the same.
  if (a.device === b.device) return 0;
  return a.device < b.device ? -1 : 1;
}

/**
 * The fixed-width text form whose byte order is the clock order:
 * `000001763712000000-0000000000-<device>`.
 */
export function formatTimestamp(stamp) {
  const wall = String(Math.max(0, stamp.wallTime)).padStart(18, "0");
  const counter = String(stamp.counter).padStart(10, "0");
  return `${wall}-${counter}-${stamp.device.toLowerCase()}`;
}

/** Reads the text form back; anything but that exact form gives `null`. */
export function parseTimestamp(text) {
  const match = TEXT_FORM.exec(text);
  if (!match) return null;
  const counter = Number(match[2]);
  if (counter > COUNTER_MAX) return null;
  const wallTime = Number(match[1]);
  // Beyond 2^53 a JavaScript number would silently round; no valid operation comes near
  // (they end with year 9999, 2.5 × 10^14), so such a reading is refused rather than misread.
  if (!Number.isSafeInteger(wallTime)) return null;
  return { wallTime, counter, device: match[3].toLowerCase() };
}

/**
 * How far ahead of its own wall time (milliseconds) a clock takes a received reading in, as
 * HybridClock.defaultSkew: one reading stamped far in the future would otherwise carry every
 * later local reading past what the server accepts.
 */
export const DEFAULT_SKEW = 300_000;

/**
 * A device's clock. Each reading is later than every reading it made or received, even when
 * the wall clock stands still or steps back, so an edit made after seeing another wins — except
 * a reading more than `skew` ahead of the device's own time, which it does not follow.
 */
export class HybridClock {
  /** A clock that has seen nothing later than `latest`. */
  constructor(latest, skew = DEFAULT_SKEW) {
    this.latest = { ...latest };
    this.skew = skew;
  }

  /** A new clock for `device`. */
  static forDevice(device) {
    return new HybridClock({ wallTime: 0, counter: 0, device: device.toLowerCase() });
  }

  /**
   * Whether the clock holds a reading more than the skew ahead of `now` (one taken in before
   * clocks were bounded): ticking it as it is would stamp changes the server refuses.
   */
  isAhead(now) {
    return this.latest.wallTime > now + this.skew;
  }

  /**
   * A fresh reading for a local change at wall time `now` (milliseconds since 1970). A clock
   * ahead of `now` by more than the skew starts again from `now`, as the Swift clock does.
   */
  tick(now) {
    if (this.isAhead(now)) this.latest = { wallTime: 0, counter: 0, device: this.latest.device };
    const { wallTime, counter, device } = this.latest;
    if (now > wallTime) {
      this.latest = { wallTime: now, counter: 0, device };
    } else if (counter === COUNTER_MAX) {
      // The counter is spent: step the wall time on, which still sorts after everything seen.
      this.latest = { wallTime: wallTime + 1, counter: 0, device };
    } else {
      this.latest = { wallTime, counter: counter + 1, device };
    }
    return { ...this.latest };
  }

  /**
   * Takes in a reading from elsewhere, received at wall time `now`, so that later local readings
   * sort after it — unless it is more than the skew ahead of `now`: then the clock stays where
   * it is (the operation it stamps is kept and ordered by it all the same).
   */
  receive(remote, now) {
    if (remote.wallTime > now + this.skew) return;
    const { wallTime, counter, device } = this.latest;
    if (remote.wallTime > wallTime || (remote.wallTime === wallTime && remote.counter > counter)) {
      this.latest = { wallTime: remote.wallTime, counter: remote.counter, device };
    }
  }
}
