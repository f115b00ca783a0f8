// Durations as a person reads them: "45 s", "1 min 20 s", "23 h 59 min" (hours up to
// two days: "24 h" is a correspondence day), "2 d 3 h".
// The units are the international symbols, the same in every language of the client.

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const rest = s % 60;
    return rest ? `${m} min ${rest} s` : `${m} min`;
  }
  if (s < 2 * 86_400) {
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  return h ? `${d} d ${h} h` : `${d} d`;
}

/**
 * Whether the time left on a turn is low: the last 10 seconds of a live turn (a third of
 * it when shorter), the last hour of a correspondence turn.
 */
export function lowTime(seconds: number, turnSeconds: number | null | undefined): boolean {
  if (turnSeconds) return seconds <= Math.min(10, Math.ceil(turnSeconds / 3));
  return seconds <= 3600;
}
