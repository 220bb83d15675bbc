// Building the page from elements: every text goes in as a text node, never as HTML,
// so whatever a person typed (names, chat) is shown exactly as typed.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      element.className = value;
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(element, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function replace(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

// update(list, ...children): the list shows `children`, keeping the leading ones it
// already shows as they are (a log that grows gets only its new lines). Redrawn whole at
// every move, a long log sent a screen reader hundreds of changes at once, and Orca
// dropped them "due to flood", the announcer's lines among them (issue 45).
export function update(element, ...children) {
  const wanted = [children].flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false).map((child) => (child instanceof Node ? child : document.createTextNode(String(child))));
  const shown = [...element.childNodes];
  let same = 0;
  while (same < wanted.length && same < shown.length && shown[same].isEqualNode(wanted[same])) same += 1;
  for (const child of shown.slice(same)) child.remove();
  element.append(...wanted.slice(same));
  return element;
}

export function formatTime(milliseconds) {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return `${minutes}:${seconds}`;
}
