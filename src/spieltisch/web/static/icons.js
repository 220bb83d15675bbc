// Icons drawn as SVG, not as emoji or symbol characters: ⏱, ⏮ and ⏭ showed as empty
// boxes where no emoji font is installed. Each icon is decorative (aria-hidden); the
// button or text beside it carries the words.

const SVG = "http://www.w3.org/2000/svg";

// Path data on a 16×16 grid, drawn in the text's colour.
const SHAPES = {
  clock: ["M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z", "M8 4.5v4l2.5 1.5"],
  first: ["M3 3h2v10H3z", "M13 3v10L6 8z"],
  back: ["M12 3v10L4 8z"],
  next: ["M4 3v10l8-5z"],
  last: ["M11 3h2v10h-2z", "M3 3v10l7-5z"],
};
const OUTLINED = new Set(["clock"]);

export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "1em");
  svg.setAttribute("height", "1em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", `icon icon-${name}`);
  for (const data of SHAPES[name]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", data);
    if (OUTLINED.has(name)) {
      path.setAttribute("fill", "none");
      path.setAttribute("stroke", "currentColor");
      path.setAttribute("stroke-width", "1.6");
      path.setAttribute("stroke-linecap", "round");
    } else {
      path.setAttribute("fill", "currentColor");
    }
    svg.append(path);
  }
  return svg;
}
