// Copies a text field's content to the clipboard: the Clipboard API where the page may use
// it, else the old way (select the text and `execCommand('copy')`), and where even that is
// refused the text is left selected for the player to copy by hand. Resolves to what to
// tell the player.

/** @param {HTMLInputElement} input */
export async function copyField(input) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(input.value);
    return 'Copied.';
  } catch {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    let copied = false;
    try { copied = document.execCommand('copy'); } catch { copied = false; }
    return copied ? 'Copied.' : 'Selected: press Ctrl+C (⌘C) to copy.';
  }
}
