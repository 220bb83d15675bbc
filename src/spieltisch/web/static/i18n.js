// Page texts in de, en and fr: the server sends the table of one language from the
// catalogs (src/spieltisch/web/locale); the browser's language picks the first one.

export const LANGUAGES = ["de", "en", "fr"];
const STORAGE_KEY = "spieltisch.language";
let current = "en";
let table = {};
const listeners = new Set();

export function preferredLanguage() {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export function language() {
  return current;
}

export async function useLanguage(code, { remember = false } = {}) {
  const response = await fetch(`/api/texts/${code}`);
  table = response.ok ? await response.json() : {};
  current = code;
  document.documentElement.lang = code;
  if (remember) window.localStorage.setItem(STORAGE_KEY, code);
  for (const listener of listeners) listener(code);
}

export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The space the language sets before : ; ! ? in texts joined here rather than taken whole
// from the catalogs: a narrow no-break one in French, none in German and English.
export function beforePunctuation() {
  return current === "fr" ? "\u202f" : "";
}

// labelled("Pli", "d4") is "Pli : d4" in French, "Trick: d4" in English.
export function labelled(label, value = "") {
  return `${label}${beforePunctuation()}: ${value}`;
}

// t("Seat {number}", {number: 2}): the text in the current language, placeholders filled.
export function t(text, values = {}) {
  const translated = table[text] || text;
  return translated.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}
