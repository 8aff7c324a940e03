// Storage that stays. Safari deletes all of a site's script-written storage (IndexedDB, where the
// board's outbox of changes not yet sent lives; the service worker and its caches) after 7 days
// of Safari use without a visit. A board added to the Home Screen keeps its own count and is not
// wiped that way, and an origin granted persistent storage (navigator.storage.persist(), iOS 17+)
// is not evicted. So once signed in the board asks to keep its storage and says in its help panel
// what the browser answered, and how many changes wait to be sent: those are what a wipe loses.

/**
 * Asks the browser to keep this origin's storage: "kept" (granted, now or before), "not kept"
 * (refused: the browser may still evict it), or "unknown" (no StorageManager, or it failed).
 * `storage` is `navigator.storage`.
 */
export async function askToKeepStorage(storage) {
  if (typeof storage?.persist !== "function") return "unknown";
  try {
    if (typeof storage.persisted === "function" && (await storage.persisted())) return "kept";
    return (await storage.persist()) ? "kept" : "not kept";
  } catch {
    return "unknown";
  }
}

/** The help panel's words for the browser's `answer` and the number of changes `pending`. */
export function storageText(answer, pending) {
  const kept = {
    kept: "This browser keeps the board's storage: changes not yet sent stay on this device.",
    "not kept":
      "This browser may delete the board's storage after 7 days without a visit. On an iPad, add the board to the Home Screen.",
    unknown: "This browser did not say whether it keeps the board's storage. On an iPad, add the board to the Home Screen.",
    asking: "Asking the browser to keep the board's storage…",
  }[answer];
  if (pending === 0) return `${kept} Every change has been sent.`;
  return `${kept} ${pending} ${pending === 1 ? "change waits" : "changes wait"} to be sent.`;
}

/** The help panel's storage line (`#storage-status`), a view drawn from the answer and the count. */
export function createStorageLine(document) {
  const element = document.getElementById("storage-status");
  let answer = "asking";
  let pending = 0;
  const draw = () => {
    if (!element) return;
    element.textContent = storageText(answer, pending);
    element.dataset.storage = answer;
  };
  draw();
  return {
    answered(value) {
      answer = value;
      draw();
    },
    pending(count) {
      if (count === pending) return;
      pending = count;
      draw();
    },
  };
}
