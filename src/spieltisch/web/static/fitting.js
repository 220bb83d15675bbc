// Words of a picture squeezed into their room only when they are too long for it. The
// server cannot measure words: where its generous estimate says a name or a line might
// not fit (core/svg.py `fitted`), it draws it with `textLength`, and a browser then fits
// the words to that length exactly, stretching a shorter name too: at 1280 px David &
// Goliath's trick names had their letters pulled apart ("S p i e l e r 4", issue 45).
// Here each such word is measured as the browser draws it and keeps `textLength` only
// when its natural width is wider than its room. A word not drawn yet (a picture in a
// closed panel) is measured when its picture first has a size.

const FITTED = "text[textLength], text[data-room]";

const waiting = new ResizeObserver((entries) => {
  for (const entry of entries) {
    if (!entry.contentRect.width) continue;
    waiting.unobserve(entry.target);
    for (const word of entry.target.querySelectorAll(FITTED)) fitWord(word);
  }
});

// Whether `word` keeps its room's length: only when its own is longer. Returns false
// where the word is not drawn (no width to measure yet).
export function fitWord(word) {
  const room = Number(word.dataset.room || word.getAttribute("textLength"));
  if (!room) return true;
  word.dataset.room = String(room);
  word.removeAttribute("textLength");
  word.removeAttribute("lengthAdjust");
  const natural = word.getComputedTextLength();
  if (natural && natural <= room + 0.5) return true;
  word.setAttribute("textLength", String(room));
  word.setAttribute("lengthAdjust", "spacingAndGlyphs");
  if (natural) return true;
  const picture = word.closest("svg");
  if (picture) waiting.observe(picture);
  return false;
}

export function fitWords(root) {
  for (const word of root.querySelectorAll(FITTED)) fitWord(word);
}

// Fits the words of every picture put into `root`, and of a word whose text changes (the
// table's "(you)", pages/table.js `showYou`), before the page is next painted.
export function watchFitting(root) {
  new MutationObserver((records) => {
    const words = new Set();
    for (const record of records) {
      if (record.target.nodeType === 1 && record.target.matches(FITTED)) words.add(record.target);
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches(FITTED)) words.add(node);
        for (const word of node.querySelectorAll(FITTED)) words.add(word);
      }
    }
    for (const word of words) fitWord(word);
  }).observe(root, { childList: true, subtree: true });
  fitWords(root);
}
