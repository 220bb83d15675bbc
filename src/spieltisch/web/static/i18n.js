// Page texts in de, en and fr: the server sends the table of one language from the
// catalogs (src/spieltisch/web/locale); the browser's language picks the first one.
// A text with a number comes as its list of plural forms, in the order of the
// language's plural categories (sent under the key ""); numbers use Intl with the
// same CLDR rules as the server's Babel, and the one minus sign U+2212.

export const LANGUAGES = ["de", "en", "fr"];
const STORAGE_KEY = "spieltisch.language";
let current = "en";
let table = {};
let categories = ["one", "other"];
let pluralRules = new Intl.PluralRules("en");
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
  categories = Array.isArray(table[""]) ? table[""] : ["one", "other"];
  pluralRules = new Intl.PluralRules(code);
  current = code;
  document.documentElement.lang = code;
  // The server answers (refusals, downloads, printouts) in the language chosen here.
  document.cookie = `spieltisch_lang=${code}; path=/; max-age=31536000; SameSite=Lax`;
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

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// t("Seat {number}", {number: 2}): the text in the current language, placeholders filled.
export function t(text, values = {}) {
  const translated = typeof table[text] === "string" ? table[text] : text;
  return fill(translated, values);
}

// tn("{count} point", "{count} points", n, {count: formatNumber(n)}): the form for the
// number n in the current language ("1 Punkt", "2 Punkte", "0 point", "2 points").
export function tn(singular, plural, n, values = {}) {
  const forms = table[singular];
  let chosen = n === 1 ? singular : plural;
  if (Array.isArray(forms) && forms.length) {
    const index = categories.indexOf(pluralRules.select(n));
    chosen = forms[index >= 0 && index < forms.length ? index : forms.length - 1];
  }
  return fill(chosen, values);
}

// sentence("die Murmel auf h2 schieben") is "Die Murmel auf h2 schieben": the engine's
// words for a move are written to be composed ("Ana: play purple 4"); a list, a log line
// or a dialog that shows them on their own makes them a sentence, its first letter a
// capital (an identifier such as "last_seq" is left as written).
export function sentence(text) {
  const words = String(text);
  const first = words.split(" ", 1)[0];
  if (words.slice(0, 1) === words.slice(0, 1).toLocaleUpperCase(current) || /[_=./]/.test(first)) return words;
  return words.slice(0, 1).toLocaleUpperCase(current) + words.slice(1);
}

const MINUS = "\u2212";

// formatNumber(1.5) is "1,5" in German and French, "1.5" in English; digits fixes the
// number of decimals; a negative number carries the minus sign U+2212.
export function formatNumber(value, digits = null) {
  const options = digits === null ? { maximumFractionDigits: 3 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(current, options).format(value).replace(/[-\u2212]/g, MINUS);
}

// formatSigned(0.3, 1) is "+0,3" in German; a change always shows its sign.
export function formatSigned(value, digits = null) {
  const text = formatNumber(value, digits);
  return value > 0 ? `+${text}` : text;
}

// formatPercent(0.25) is "25 %" in German and French, "25%" in English.
export function formatPercent(share) {
  return new Intl.NumberFormat(current, { style: "percent", maximumFractionDigits: 0 }).format(share);
}

// formatMoment("2026-11-28T14:05:00Z"): date, hours and minutes and the time zone.
export function formatMoment(when) {
  const date = new Date(when);
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(date) + " " + zoneName(date);
}

function zoneName(date) {
  const part = new Intl.DateTimeFormat(current, { timeZoneName: "short" }).formatToParts(date).find((item) => item.type === "timeZoneName");
  return part ? part.value : "";
}
