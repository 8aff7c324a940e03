// Reads the shared vectors that Tests/PMDomainTests/WebVectorsTests.swift writes from the
// Swift domain (regenerate there with PM_WRITE_VECTORS=1).

import { readFileSync } from "node:fs";

const folder = new URL("../Vectors/", import.meta.url);

/** The parsed `Tests/Vectors/<name>.json`. */
export function vectors(name) {
  return JSON.parse(readFileSync(new URL(`${name}.json`, folder), "utf8"));
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
