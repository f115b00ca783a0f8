// Web Push for this browser: a service worker (public/sw.js) that shows the server's
// notices, and the opt-in: ask for permission, subscribe with the server's VAPID key,
// register the subscription (addPushDevice). Off again: unsubscribe and remove it.
//
// Kept apart from the pages (PushToggle is its only view) so that it can move to any
// menu. The server sends "your turn" only while no tab watches that match.
import { ApiError, gql } from "./api";
import { getLang } from "./i18n";
import { ADD_PUSH_DEVICE, REMOVE_PUSH_DEVICE, VAPID_PUBLIC_KEY } from "./ops";

const DEVICE_KEY = "rummy.pushDevice";

export type PushState = "unsupported" | "blocked" | "off" | "on";

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The service worker; registered once per page load (it only shows notices). */
export function registerWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!pushSupported()) return null;
  return navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && localStorage.getItem(DEVICE_KEY) ? "on" : "off";
}

/** The key as PushManager.subscribe wants it (bytes of the URL-safe base64). */
export function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = (key + "=".repeat((4 - (key.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Turn notices on for this browser; the state it ends in. Throws the server's
 *  rejection (an ApiError with its code) when the subscription is refused. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { vapidPublicKey } = await gql(VAPID_PUBLIC_KEY);
  if (!vapidPublicKey) return "unsupported";
  const registration = await (registerWorker() as Promise<ServiceWorkerRegistration>);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  const json = subscription.toJSON();
  const result = await gql(ADD_PUSH_DEVICE, {
    input: {
      platform: "WEB",
      webPush: { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      locale: getLang(),
    },
  });
  const added = result.addPushDevice;
  if (added.__typename !== "PushDevice") {
    await subscription.unsubscribe().catch(() => false);
    throw new ApiError(added.message, added.code);
  }
  localStorage.setItem(DEVICE_KEY, added.id);
  return "on";
}

/** Turn notices off for this browser. */
export async function disablePush(): Promise<PushState> {
  const id = localStorage.getItem(DEVICE_KEY);
  localStorage.removeItem(DEVICE_KEY);
  if (id) await gql(REMOVE_PUSH_DEVICE, { id }).catch(() => false);
  const registration = pushSupported() ? await navigator.serviceWorker.getRegistration("/") : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => false);
  return pushSupported() ? "off" : "unsupported";
}
