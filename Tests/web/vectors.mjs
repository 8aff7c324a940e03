// Reads the shared vectors that Tests/PMDomainTests/WebVectorsTests.swift writes from the
// Swift domain (regenerate there with PM_WRITE_VECTORS=1).

import { readFileSync } from "node:fs";
import { formatTimestamp } from "../../Sources/PMWeb/Resources/js/clock.js";
import { FIELDS } from "../../Sources/PMWeb/Resources/js/merge.js";

const folder = new URL("../Vectors/", import.meta.url);

/** The parsed `Tests/Vectors/<name>.json`. */
export function vectors(name) {
  return JSON.parse(readFileSync(new URL(`${name}.json`, folder), "utf8"));
}

/** A merged state in the vectors' shape: registers with text timestamps, empty ones left out. */
export function shape(state) {
  const result = { id: state.id, createdAt: state.createdAt, updatedAt: state.updatedAt };
  for (const field of FIELDS) {
    const register = state[field];
    if (register) result[field] = { value: register.value, timestamp: formatTimestamp(register.timestamp) };
  }
  return result;
}

/** The outcome of `body` in the vectors' shape: `{ value }` or `{ rule, field, message }`. */
export function outcome(body) {
  try {
    return { value: body() };
  } catch (error) {
    if (error?.name !== "RuleViolation") throw error;
    const result = { rule: error.rule, message: error.message };
    // Swift leaves out a field that is nil.
    if (error.field != null) result.field = error.field;
    return result;
  }
}
