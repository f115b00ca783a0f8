// A small on/off switch for this browser's notices (push.ts does the work).
import { useEffect, useState } from "react";
import { errorText } from "./api";
import { t } from "./i18n";
import { disablePush, enablePush, pushState, registerWorker, type PushState } from "./push";

export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    registerWorker()?.catch(() => null);
    pushState().then(setState, () => setState("unsupported"));
  }, []);

  if (state === null || state === "unsupported") return null;
  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(on ? await enablePush() : await disablePush());
    } catch (e) {
      setError(errorText(e));
      setState(await pushState().catch(() => "off" as PushState));
    } finally {
      setBusy(false);
    }
  };
  const note = error ?? (state === "blocked" ? t("notificationsBlocked") : state === "on" ? t("notificationsOn") : null);
  return (
    <label className="push-toggle" title={note ?? undefined}>
      <input
        type="checkbox"
        name="notifications"
        data-testid="push-toggle"
        checked={state === "on"}
        disabled={busy || state === "blocked"}
        onChange={(e) => change(e.target.checked)}
      />
      {t("notifications")}
      {error && <span role="status" className="sr">{error}</span>}
    </label>
  );
}
