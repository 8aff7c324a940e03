// The part of the page the on-screen keyboard leaves visible, and when a field is hidden by it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { isHidden, visibleArea } from "../../Sources/PMWeb/Resources/js/viewport.js";

test("Given no visual viewport, then the whole page is visible", () => {
  assert.deepEqual(visibleArea(1180, undefined), { top: 0, height: 1180, covered: 0 });
});

test("Given an iPad's keyboard over the bottom of a portrait page, then the part above it is visible and the rest covered", () => {
  assert.deepEqual(visibleArea(1180, { offsetTop: 0, height: 780 }), { top: 0, height: 780, covered: 400 });
  // The visual viewport scrolled down inside the page: what lies above it is not visible either.
  assert.deepEqual(visibleArea(1180, { offsetTop: 100, height: 780 }), { top: 100, height: 780, covered: 300 });
  // A report larger than the page is held to it.
  assert.deepEqual(visibleArea(1180, { offsetTop: 0, height: 1300 }), { top: 0, height: 1180, covered: 0 });
});

test("Given a field, when it lies partly below or above the visible part, then it is hidden", () => {
  const area = { top: 100, height: 600 };
  assert.equal(isHidden({ top: 200, bottom: 240 }, area), false);
  assert.equal(isHidden({ top: 680, bottom: 720 }, area), true);
  assert.equal(isHidden({ top: 80, bottom: 120 }, area), true);
});
