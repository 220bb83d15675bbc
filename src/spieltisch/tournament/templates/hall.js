// The hall screen: shows one part at a time (rotating every data-seconds, or the one the
// director chose in the address), and fetches the page again every 10 seconds to swap in
// the seating, the list by surname and the standings as they change; a new round reloads
// the page so the timer follows it, and so does a new choice of the director when the
// address names no view. No sign-in, nothing to click but the timer.
(function () {
  const hall = document.getElementById("hall");
  const parts = Array.from(document.querySelectorAll("[data-part]"));
  const chosen = hall.dataset.view;
  let index = 0;

  function show() {
    parts.forEach(function (part, at) {
      part.hidden = chosen === "rotate" ? at !== index : part.dataset.part !== chosen;
    });
  }

  async function refresh() {
    try {
      const answer = await fetch(window.location.href, { cache: "no-store" });
      if (!answer.ok) return;
      const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
      const round = fresh.getElementById("hall");
      if (!round) return;
      const chosenElsewhere = hall.dataset.follows === "yes" && (round.dataset.view !== hall.dataset.view || round.dataset.seconds !== hall.dataset.seconds);
      if (round.dataset.round !== hall.dataset.round || chosenElsewhere) {
        window.location.reload();
        return;
      }
      ["seating", "where", "standings"].forEach(function (name) {
        const old = document.querySelector('[data-part="' + name + '"] .content');
        const now = fresh.querySelector('[data-part="' + name + '"] .content');
        if (old && now && old.innerHTML !== now.innerHTML) old.replaceWith(document.importNode(now, true));
      });
    } catch (error) {
      // the server is away for a moment: the screen keeps what it shows
    }
  }

  show();
  if (chosen === "rotate") {
    window.setInterval(function () {
      index = (index + 1) % parts.length;
      show();
    }, Number(hall.dataset.seconds) * 1000);
  }
  window.setInterval(refresh, 10000);
})();
