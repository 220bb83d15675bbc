// The round timer on the hall's screen: counts the round time down from Start; Pause and
// Reset; the space bar starts and pauses. The start moment is kept in the browser
// (localStorage), so reloading the page or opening it on a second screen in the same
// browser keeps counting.
(function () {
  const clock = document.getElementById("clock");
  const end = document.getElementById("end");
  const total = Number(clock.dataset.seconds);
  const key = "spieltisch.timer." + clock.dataset.key;
  let state = load();

  function load() {
    try {
      return JSON.parse(localStorage.getItem(key)) || { started: null, used: 0 };
    } catch (error) {
      return { started: null, used: 0 };
    }
  }
  function save() {
    try {
      localStorage.setItem(key, JSON.stringify(state));
    } catch (error) {
      // a browser without storage still counts, it only forgets on reload
    }
  }
  function elapsed() {
    return state.used + (state.started === null ? 0 : (Date.now() - state.started) / 1000);
  }
  function show() {
    const left = Math.max(0, Math.ceil(total - elapsed()));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    clock.textContent = minutes + ":" + seconds;
    clock.classList.toggle("low", left > 0 && left <= 300);
    clock.classList.toggle("over", left === 0);
    end.hidden = left > 0;
  }
  function start() {
    if (state.started === null) state.started = Date.now();
    save();
    show();
  }
  function pause() {
    if (state.started !== null) {
      state.used = elapsed();
      state.started = null;
    }
    save();
    show();
  }
  function reset() {
    state = { started: null, used: 0 };
    save();
    show();
  }
  document.getElementById("start").addEventListener("click", start);
  document.getElementById("pause").addEventListener("click", pause);
  document.getElementById("reset").addEventListener("click", reset);
  document.addEventListener("keydown", function (event) {
    if (event.key === " ") {
      event.preventDefault();
      if (state.started === null) start();
      else pause();
    }
  });
  show();
  window.setInterval(show, 250);
})();
