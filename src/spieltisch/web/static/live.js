// One WebSocket to a table (docs/web.md, "Live play"): reconnects by itself after a
// dropped connection and asks for what it missed with the last seq it saw. It asks for
// boards without their static layers (`layers=1`): each layer comes once in a `layer`
// message, and a state's board gets them back in place of their placeholders before
// anyone sees it, byte for byte the whole board.

import { language } from "./i18n.js";

const LAYER = /<g data-layer="([\w-]+)"\/>/g;

export class Live {
  constructor(tableId, onMessage, onStatus) {
    this.tableId = tableId;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.lastSeq = 0;
    this.closed = false;
    this.retry = 0;
    this.socket = null;
    this.layers = new Map();
    this.connect();
    this.pinger = window.setInterval(() => this.send({ type: "ping" }), 20000);
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = `last_seq=${this.lastSeq}&lang=${language()}&layers=1`;
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}?${query}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.onStatus("online");
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "layer") {
        this.layers.set(message.key, message.svg);
        return;
      }
      if (message.type === "state") {
        this.lastSeq = message.seq;
        if (message.board_svg) message.board_svg = this.whole(message.board_svg);
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.closed || socket !== this.socket) return;
      if (event.code === 4403 || event.code === 4404) {
        // Refused for good (a foreign origin, no such table): the reason says why.
        this.closed = true;
        this.onStatus("refused", event.reason);
        return;
      }
      this.onStatus("offline");
      const delay = Math.min(5000, 300 * 2 ** this.retry);
      this.retry += 1;
      window.setTimeout(() => {
        if (!this.closed) this.connect();
      }, delay);
    });
  }

  // A board with each placeholder replaced by its layer (as text: `$` in it is no pattern).
  whole(svg) {
    return svg.replace(LAYER, (placeholder, key) => (this.layers.has(key) ? this.layers.get(key) : placeholder));
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    window.clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }
}
