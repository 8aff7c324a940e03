// What this browser's own actions turn into: operations stamped by the device's clock, and the
// undo / redo stacks. Undo never rewinds anything: it is a new operation that sets the fields
// back (as the terminal board's `u`), so it syncs, merges and shows in history like any change.

/** An operation on card `projectId` setting `fields`, read from `clock` at wall time `now`. */
export function makeOperation(projectId, fields, clock, now, randomUUID) {
  return { id: randomUUID().toLowerCase(), projectId, timestamp: clock.tick(now), fields };
}

/** The fields of `card` named in `fields`, as they are now (what an undo sets back). */
export function fieldsBefore(card, fields) {
  const before = {};
  for (const field of Object.keys(fields)) {
    before[field] = field === "deleted" ? card === null : card[field];
  }
  return before;
}

/**
 * Undo and redo of own actions. An action is `{ label, changes: [{ projectId, before, after }] }`;
 * undoing sets each card's `before` fields, redoing its `after` fields.
 */
export class UndoStack {
  constructor(limit = 100) {
    this.limit = limit;
    this.done = [];
    this.undone = [];
  }

  /** Keeps a new action; a new action ends what could be redone, as in every editor. */
  record(action) {
    this.done.push(action);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The changes that undo the latest action (`[{ projectId, fields }]`), or `null`. */
  undo() {
    const action = this.done.pop();
    if (!action) return null;
    this.undone.push(action);
    return { label: action.label, changes: action.changes.map((c) => ({ projectId: c.projectId, fields: c.before })) };
  }

  /** The changes that redo the latest undone action, or `null`. */
  redo() {
    const action = this.undone.pop();
    if (!action) return null;
    this.done.push(action);
    return { label: action.label, changes: action.changes.map((c) => ({ projectId: c.projectId, fields: c.after })) };
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }
}
