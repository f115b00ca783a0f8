// "How to play": the rules of a preset in the viewer's language (#/rules/robbers,
// #/rules/rummikub, #/rules/rummy), from rulesText.ts. Loaded when first opened.
import { useEffect } from "react";
import { getLang, t } from "./i18n";
import { RULES_PAGES, rulesetTitle } from "./Lobby";
import { rulesDoc, type RulesName } from "./rulesText";

export default function RulesPage({ name }: { name: string }) {
  const which = (RULES_PAGES.includes(name) ? name : "robbers") as RulesName;
  const doc = rulesDoc(which, getLang());
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [which]);
  return (
    <article className="panel rules" data-testid="rules" data-ruleset={which} lang={getLang()}>
      <nav className="row rules-nav" aria-label={t("howToPlay")}>
        <a href="#/">← {t("lobby")}</a>
        {RULES_PAGES.map((n) => (
          <a key={n} href={`#/rules/${n}`} aria-current={n === which ? "page" : undefined}>{rulesetTitle(n)}</a>
        ))}
      </nav>
      <h1>{t("howToPlay")}: {doc.title}</h1>
      <p className="intro">{doc.intro}</p>
      {doc.sections.map((s) => (
        <section key={s.h}>
          <h2>{s.h}</h2>
          {s.p.map((p, i) => <p key={i}>{p}</p>)}
        </section>
      ))}
    </article>
  );
}
