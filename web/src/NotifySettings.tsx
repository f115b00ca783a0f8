// The notification settings of the header's menu (`me.notificationSettings`,
// `setNotificationSettings`): each kind of notice by push and by e-mail, notices while I
// watch the match, the e-mail digest, quiet hours (in this browser's time zone) and the
// notices' language. Read when opened; each change is saved at once.
import { useEffect, useState } from "react";
import { errorText, gql } from "./api";
import { NOTIFICATION_SETTINGS, SET_NOTIFICATION_SETTINGS } from "./ops";
import type { NotificationSettingsFieldsFragment, NotificationSettingsInput } from "./gql/graphql";
import { serverText, t, tEnum } from "./i18n";

type S = NotificationSettingsFieldsFragment;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function NotifySettings() {
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState<S | null>(null);
  const [message, setMessage] = useState("");
  const [quiet, setQuiet] = useState({ start: "", end: "" });

  useEffect(() => {
    if (!open || settings) return;
    gql(NOTIFICATION_SETTINGS)
      .then((d) => {
        const s = d.me?.notificationSettings ?? null;
        setSettings(s);
        setQuiet({ start: s?.quietHours?.start ?? "", end: s?.quietHours?.end ?? "" });
      })
      .catch((e) => setMessage(errorText(e)));
  }, [open]);

  const save = async (input: NotificationSettingsInput) => {
    setMessage("");
    try {
      const r = (await gql(SET_NOTIFICATION_SETTINGS, { input })).setNotificationSettings;
      if (r.__typename === "Rejection") setMessage(serverText("rej", r.code, r.message));
      else {
        setSettings(r);
        setMessage(t("notifSaved"));
      }
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const saveQuiet = (next: { start: string; end: string }) => {
    setQuiet(next);
    if (next.start && next.end) save({ quietHours: next, timeZone: browserZone() });
    else if (!next.start && !next.end) save({ quietHours: null });
  };

  return (
    <details className="notify-settings" data-testid="notification-settings" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t("notifSettings")}</summary>
      {!settings ? <p className="muted">{message || t("loading")}</p> : (
        <>
          <table>
            <thead><tr><th>{t("notifKind")}</th><th>{t("notifPush")}</th><th>{t("notifEmail")}</th></tr></thead>
            <tbody>
              {settings.kinds.map((k) => (
                <tr key={k.kind} data-kind={k.kind}>
                  <td>{tEnum("notifKind", String(k.kind)) ?? String(k.kind)}</td>
                  <td><input type="checkbox" name={`push-${k.kind}`} aria-label={`${tEnum("notifKind", String(k.kind)) ?? k.kind}: ${t("notifPush")}`} checked={k.push} onChange={(e) => save({ kinds: [{ kind: k.kind, push: e.target.checked }] })} /></td>
                  <td><input type="checkbox" name={`email-${k.kind}`} aria-label={`${tEnum("notifKind", String(k.kind)) ?? k.kind}: ${t("notifEmail")}`} checked={k.email} onChange={(e) => save({ kinds: [{ kind: k.kind, email: e.target.checked }] })} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <label className="check"><input type="checkbox" name="whileWatching" checked={settings.whileWatching} onChange={(e) => save({ whileWatching: e.target.checked })} /> {t("notifWhileWatching")}</label>
          <label className="check"><input type="checkbox" name="digest" checked={settings.digest} onChange={(e) => save({ digest: e.target.checked })} /> {t("notifDigest")}</label>
          <fieldset className="quiet">
            <legend>{t("notifQuiet")}</legend>
            <label>{t("notifFrom")} <input type="time" name="quietStart" value={quiet.start} onChange={(e) => saveQuiet({ ...quiet, start: e.target.value })} /></label>
            <label>{t("notifTo")} <input type="time" name="quietEnd" value={quiet.end} onChange={(e) => saveQuiet({ ...quiet, end: e.target.value })} /></label>
            <span className="muted">{t("notifZone", { zone: settings.timeZone })}</span>
          </fieldset>
          <label>{t("notifLanguage")}{" "}
            <select name="notifyLanguage" value={settings.language ?? ""} onChange={(e) => save({ language: e.target.value || null })}>
              <option value="">{t("notifDeviceLanguage")}</option>
              <option value="en">English</option>
              <option value="es">Español</option>
              <option value="nl">Nederlands</option>
            </select>
          </label>
          <p role="status" className="status info">{message}</p>
        </>
      )}
    </details>
  );
}
