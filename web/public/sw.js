// The service worker of the web client: it shows the server's Web Push notices and
// opens the match when one is clicked (docs/notifications.md: the payload).
//
// A push's data is JSON: { kind, title, body, url ("/#/match/<id>"), matchId, ... }.
// The notice's tag is its kind, so a newer "your turn" replaces the older one, as the
// push service's Topic does for notices not yet delivered.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Rummy";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.kind || "rummy",
      renotify: true,
      data: { url: data.url || "/", matchId: data.matchId || null, kind: data.kind || null },
    }),
  );
});

/** Bring a tab of ours to the notice's page, or open one. */
async function openFrom(notification) {
  const url = new URL((notification.data && notification.data.url) || "/", self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    const shown = await tab.navigate(url).catch(() => null);
    await (shown || tab).focus().catch(() => {});
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const opening = openFrom(event.notification);
  try {
    event.waitUntil(opening);
  } catch {
    // A click dispatched by a test is not trusted: waitUntil refuses it, the tab opens anyway.
  }
});
