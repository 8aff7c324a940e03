// The add / edit form: Title, Deadline (a date picker that offers no past day) and Description
// with its n/1000 counter. Errors stand beside their field, each rule in a person's words (rules.js has
// them). Korean, Japanese and Chinese are typed through an input method, whose Enter only ends
// the composition: that Enter must never submit the form, nor an Esc that ends one close it.
// Esc or Cancel on a form whose fields were changed asks before throwing the typing away.

import { ask } from "./ask.js";
import {
  characterCount,
  checkDescription,
  checkNotPast,
  checkTitle,
  DESCRIPTION_LIMIT,
  editProject,
  newProject,
  parseDeadline,
} from "./rules.js";

// The form's inputs in the order they stand on the page (the first with an error takes focus).
// Not merge.js's FIELDS: a list is chosen by moving a card, deletion by deleting it.
const INPUTS = ["title", "deadline", "description"];

/** Whether a key event belongs to an input method's composition (keyCode 229 for older engines). */
export function isComposing(event) {
  return event.isComposing === true || event.keyCode === 229;
}

/**
 * The fields to save from what was typed (`{ title, deadline, description }`, deadline "" for
 * none), for a new card (`card` null) or an edit; or `{ errors }` with one message per field.
 */
export function formResult(input, card, today) {
  const errors = {};
  const attempt = (field, check) => {
    try {
      check();
    } catch (error) {
      if (error?.name !== "RuleViolation") throw error;
      errors[field] = error.words;
    }
  };
  const deadline = input.deadline === "" ? null : input.deadline;
  if (card === null) {
    attempt("title", () => checkTitle(input.title));
    if (deadline !== null) attempt("deadline", () => checkNotPast(parseDeadline(deadline, today), today));
    attempt("description", () => checkDescription(input.description));
    if (Object.keys(errors).length > 0) return { errors };
    return { fields: newProject({ ...input, deadline }, today) };
  }
  // Each field alone, so that every broken rule is shown at once, not only the first.
  attempt("title", () => editProject(card, { title: input.title }, today));
  attempt("deadline", () => editProject(card, { deadline }, today));
  attempt("description", () => editProject(card, { description: input.description }, today));
  if (Object.keys(errors).length > 0) return { errors };
  return { fields: editProject(card, { ...input, deadline }, today) };
}

/** Wires the form dialog; `onSave(fields, card)` stores what was saved. */
export function createForm(document, { today, onSave }) {
  const dialog = document.getElementById("form-dialog");
  const form = document.getElementById("card-form");
  const heading = document.getElementById("form-heading");
  const inputs = {
    title: document.getElementById("form-title"),
    deadline: document.getElementById("form-deadline"),
    description: document.getElementById("form-description"),
  };
  const count = document.getElementById("form-count");
  let editing = null;
  // What the fields held when the form opened: a form left as it was closes without asking.
  let opened = "";
  let asking = false;

  const typed = () => JSON.stringify(INPUTS.map((field) => inputs[field].value));

  /** Closes the form; a changed one only once the person agrees to lose the changes. */
  async function leave() {
    if (asking) return;
    if (typed() !== opened) {
      asking = true;
      const discard = await ask(document, { question: "Discard changes?", yes: "Discard", no: "Keep editing" });
      asking = false;
      if (!discard) {
        inputs.title.focus();
        return;
      }
    }
    dialog.close();
  }

  function showErrors(errors) {
    for (const field of INPUTS) {
      const message = errors[field] ?? "";
      document.getElementById(`form-${field}-error`).textContent = message;
      if (message) inputs[field].setAttribute("aria-invalid", "true");
      else inputs[field].removeAttribute("aria-invalid");
    }
  }

  function updateCount() {
    const used = characterCount(inputs.description.value);
    count.textContent = `${used}/${DESCRIPTION_LIMIT}`;
    count.classList.toggle("over", used > DESCRIPTION_LIMIT);
  }

  inputs.description.addEventListener("input", updateCount);

  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.keyCode !== 229) return;
    if (isComposing(event)) {
      // The Enter that ends a composition commits the syllable; it is not a submit.
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    // Both ways: the Esc that ends a composition only ends it, and a changed form asks first.
    event.preventDefault();
    if (!isComposing(event)) leave();
  });
  // Esc reaching the dialog another way (a platform's back gesture) goes through the same door.
  dialog.addEventListener("cancel", (event) => {
    // A cancel the browser will not let a page refuse (no activation since the last) closes.
    if (!event.cancelable) return;
    event.preventDefault();
    leave();
  });
  form.addEventListener("keydown", (event) => {
    if (event.key === "s" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = {
      title: inputs.title.value,
      deadline: inputs.deadline.value,
      description: inputs.description.value,
    };
    const result = formResult(input, editing, today());
    showErrors(result.errors ?? {});
    if (result.errors) {
      const first = INPUTS.find((field) => result.errors[field]);
      inputs[first].focus();
      return;
    }
    const card = editing;
    dialog.close();
    await onSave(result.fields, card);
  });

  document.getElementById("form-cancel").addEventListener("click", () => leave());

  return {
    dialog,
    /** Opens the form for a new card (`card` null) or to edit `card`. */
    open(card) {
      editing = card;
      heading.textContent = card ? "Edit card" : "New card";
      inputs.title.value = card?.title ?? "";
      // Empty would mean today: the field says so rather than look unset.
      inputs.deadline.value = card?.deadline ?? today();
      inputs.deadline.min = today();
      inputs.description.value = card?.description ?? "";
      showErrors({});
      updateCount();
      opened = typed();
      dialog.showModal();
      inputs.title.focus();
    },
  };
}
