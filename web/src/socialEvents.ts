// The notices of playing together (challenges, tournaments) from myEvents: one
// subscription while logged in, its listeners the notices bar, the friends page and the
// tournament pages.
import { subscribe } from "./api";
import { SOCIAL_EVENTS } from "./socialOps";
import type { SocialEventsSubscription } from "./gql/graphql";

export type SocialEvent = SocialEventsSubscription["myEvents"];

const listeners = new Set<(e: SocialEvent) => void>();
export function onSocialEvent(f: (e: SocialEvent) => void): () => void {
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** Follow the notices until the returned function is called (at logout). */
export function followSocialEvents(): () => void {
  return subscribe(SOCIAL_EVENTS, () => ({}), (d) => {
    const e = d.myEvents;
    if (e.type.startsWith("CHALLENGE_") || e.type.startsWith("TOURNAMENT_")) listeners.forEach((f) => f(e));
  });
}
