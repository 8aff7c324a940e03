// A question in the page (`#ask-dialog`): a modal dialog labelled by its question, with a safe
// answer focused first. Not `window.confirm`: it is styled like the board, works with the keys
// and screen readers, and tests can answer it like a person. Esc is the safe answer.

/** Asks `question`; resolves `true` for the `yes` button, `false` for `no` or Esc. */
export function ask(document, { question, yes, no }) {
  const dialog = document.getElementById("ask-dialog");
  const text = document.getElementById("ask-text");
  const yesButton = document.getElementById("ask-yes");
  const noButton = document.getElementById("ask-no");
  text.textContent = question;
  yesButton.textContent = yes;
  noButton.textContent = no;
  return new Promise((resolve) => {
    const answer = (value) => {
      yesButton.removeEventListener("click", onYes);
      noButton.removeEventListener("click", onNo);
      dialog.removeEventListener("close", onClose);
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const onYes = () => answer(true);
    const onNo = () => answer(false);
    const onClose = () => answer(false);
    yesButton.addEventListener("click", onYes);
    noButton.addEventListener("click", onNo);
    dialog.addEventListener("close", onClose);
    dialog.showModal();
    noButton.focus();
  });
}
