// Web Push on the notifications page: this device gets the notifications of the
// "This browser" column also with no tab open, once the person clicks for it (the
// browser's permission is asked on that click, never before). The subscription is the
// browser's own (its push service's address and keys); the server keeps it for this
// account alone and signs its pushes with the host's VAPID key.

import { api, get } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { notify } from "../notice.js";

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

// The server's public key (null: no Web Push there) and this browser's subscription.
export async function pushState() {
  const { public_key: key } = await get("/api/push/key");
  if (!key || !supported()) return { key, subscription: null };
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  return { key, subscription };
}

function keyBytes(text) {
  const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function subscribe(key, render) {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    notify(t("This browser refuses notifications: allow them in its site settings."));
    return;
  }
  try {
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    await api("PUT", "/api/me/push", subscription.toJSON());
    notify(t("Saved."), "info");
  } catch (error) {
    notify(error.message);
  }
  render();
}

async function unsubscribe(subscription, render) {
  try {
    await api("DELETE", "/api/me/push", { endpoint: subscription.endpoint });
  } catch (error) {
    notify(error.message); // not known to the server (any more): end it here all the same
  }
  await subscription.unsubscribe();
  render();
}

export function pushSection(state, render) {
  if (!state.key) return null; // this server's host configured no VAPID key
  const parts = [];
  if (!supported()) parts.push(h("p", {}, t("This browser cannot get push notifications.")));
  else if (state.subscription) {
    parts.push(h("p", { class: "push-on" }, t("This device gets your browser notifications, also with no tab open.")));
    parts.push(h("button", { type: "button", class: "push-off", onclick: () => unsubscribe(state.subscription, render) }, t("Stop push notifications on this device")));
  } else {
    parts.push(h("button", { type: "button", class: "push-on", onclick: () => subscribe(state.key, render) }, t("Get notifications on this device, also with no tab open")));
  }
  return h("section", { class: "notify-push", "aria-labelledby": "push-title" }, h("h2", { id: "push-title" }, t("Push notifications")), ...parts);
}
