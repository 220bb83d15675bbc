// The clubs: every club, a form to make one (its maker keeps its registry and seasons),
// and, for a member, the form that links their account with the code from the club.

import { currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatNumber, onLanguage, t, tn } from "../i18n.js";
import { notify } from "../notice.js";
import { guestForm } from "./common.js";

export async function show(main) {
  async function render() {
    const me = currentAccount();
    const { clubs } = await get("/api/clubs");
    const items = clubs.map((club) =>
      h(
        "li",
        { class: "table-item", "data-club": club.id },
        h("a", { href: `#/club/${club.id}` }, h("strong", {}, club.name)),
        club.can_manage ? h("div", {}, tn("{count} member", "{count} members", club.members, { count: formatNumber(club.members) })) : null,
      ),
    );
    replace(
      main,
      h("h1", {}, t("Clubs")),
      h(
        "div",
        { class: "lobby" },
        h("section", { "aria-labelledby": "clubs-title" }, h("h2", { id: "clubs-title" }, t("Clubs")), items.length ? h("ul", { class: "table-list" }, items) : h("p", {}, t("No clubs yet."))),
        h("section", { "aria-labelledby": "new-club-title" }, h("h2", { id: "new-club-title" }, t("New club")), me ? createForm() : guestForm(render)),
        me ? h("section", { "aria-labelledby": "link-title" }, h("h2", { id: "link-title" }, t("Link your account to your club")), linkForm()) : null,
      ),
    );
  }
  await render();
  return onLanguage(render);
}

function createForm() {
  const name = h("input", { id: "club-name", required: true, maxlength: 120 });
  const form = h("form", { class: "create-club option" }, h("label", { for: "club-name" }, t("Name")), name, h("button", { type: "submit" }, t("Create the club")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const club = await post("/api/clubs", { name: name.value.trim() });
      location.hash = `#/club/${club.id}`;
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}

// A member enters the code the club gave them: from then on the club enters them into
// its tournaments as this account.
function linkForm() {
  const code = h("input", { id: "link-code", maxlength: 40, autocomplete: "off", required: true, placeholder: "A1B2C3-D4E5F6" });
  const form = h("form", { class: "link-account option" }, h("label", { for: "link-code" }, t("Code from the club")), code, h("button", { type: "submit" }, t("Link")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const linked = await post("/api/clubs/link", { code: code.value.trim() });
      notify(t("Linked: you are {name} of {club}.", { name: linked.name, club: linked.club_name }), "info");
      code.value = "";
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}
