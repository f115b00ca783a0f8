// The viewer's own notifications (myEvents): one subscription while logged in, shared by
// the lobby (a ranked table formed, whose turn it is) and the result screen (my rating
// change). myEvents is not replayed, so my rating changes are also kept in the browser's
// storage per match, for a result screen opened later.
import { subscribe } from "./api";
import { MY_EVENTS } from "./ops";
import type { MyEventsSubscription } from "./gql/graphql";
import { type RatingChange, readRatings, writeRatings } from "./ratings";

export type UserEvent = MyEventsSubscription["myEvents"];

const listeners = new Set<(e: UserEvent) => void>();
export function onUserEvent(f: (e: UserEvent) => void): () => void {
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** Follow myEvents until the returned function is called (at logout). */
export function followUserEvents(me: string): () => void {
  return subscribe(MY_EVENTS, () => ({}), (d) => {
    const e = d.myEvents;
    if (e.__typename === "RatingChanged" && e.matchId && e.after) {
      const change: RatingChange = { before: e.before?.ordinal ?? null, after: e.after.ordinal, exact: true };
      writeRatings(e.matchId, { ...readRatings(e.matchId), [me]: change });
    }
    listeners.forEach((f) => f(e));
  });
}
