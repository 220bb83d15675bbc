// A part of a page that scrolls takes the keyboard's focus, so that a keyboard alone can
// scroll it (WCAG 2.1.1; axe's scrollable-region-focusable): the standings on a phone,
// a wide table, the review's graph. Only while it scrolls: a table that fits is no tab
// stop. The parts are those the style sheet lets scroll (`overflow: auto`); the table's
// log and chat are always focusable (pages/table.js).

const SCROLLING = [
  "table.games",
  ".round",
  ".standings",
  ".players",
  ".director",
  ".take-over",
  ".ratings",
  ".levels",
  ".season-table",
  ".evenings",
  ".review-graph",
  ".review-moves",
  ".rules-panel",
  ".board-box pre",
].join(", ");

export function markScrolling(root) {
  for (const element of root.querySelectorAll(SCROLLING)) {
    const scrolls = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    if (scrolls && !element.hasAttribute("tabindex")) {
      element.setAttribute("tabindex", "0");
      element.dataset.scrolls = "yes";
    } else if (!scrolls && element.dataset.scrolls) {
      element.removeAttribute("tabindex");
      delete element.dataset.scrolls;
    }
  }
}

// Marks the parts of `root` now and whenever the page or the window's size changes.
export function watchScrolling(root) {
  const mark = () => markScrolling(root);
  new MutationObserver(mark).observe(root, { childList: true, subtree: true });
  window.addEventListener("resize", mark);
  mark();
}
