// The service worker of Web Push (served as /sw.js, so its scope is the whole site):
// shows a notification the server pushed (its title, text and the table's link) and
// opens the link when it is clicked. It does nothing else: no caching, no fetches.
self.addEventListener("push", (event) => {
  const message = event.data ? event.data.json() : {};
  const shown = self.registration.showNotification(message.title || "spieltisch", {
    body: message.body || "",
    tag: message.id,
    data: { url: message.url || "/" },
  });
  event.waitUntil(shown);
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.openWindow(url));
});
