//! What players really write, each read to the exact order it means.

mod common;
use common::*;
use entente_orders::Order;

#[test]
fn moves() {
    let want = mv(u("A", "par"), "bur");
    for text in [
        "A Par-Bur",
        "A PAR - BUR",
        "a par - bur",
        "A Par->Bur",
        "A Par -> Bur",
        "A Par – Bur",
        "A Par — Bur",
        "A Par → Bur",
        "A Par > Bur",
        "A Par -- Bur",
        "A Paris - Burgundy",
        "Army Paris - Burgundy",
        "A Paris moves to Burgundy",
        "A Par to Bur",
        "A Par moves Bur",
        "A Par M Bur",
        "A Par - to Bur",
        "   A    Par   -   Bur   ",
        "A Par - Bur.",
        "A. Par. - Bur.",
        "A Par(nc) - Bur",
        "A Par/xyz - Bur",
        "A Par (garbage) - Bur",
    ] {
        check(text, want);
    }
    check("Par -> Bur", mv(u("", "par"), "bur"));
    check("Par-Bur", mv(u("", "par"), "bur"));
}

#[test]
fn multi_word_names() {
    check("F North Sea - English Channel", mv(u("F", "nth"), "eng"));
    check("F Nth-Eng", mv(u("F", "nth"), "eng"));
    check(
        "F Mid-Atlantic Ocean - North Atlantic Ocean",
        mv(u("F", "mao"), "nao"),
    );
    check("F Mid-Atlantic-NAt", mv(u("F", "mao"), "nao"));
    check("F Mid Atlantic - Iri", mv(u("F", "mao"), "iri"));
    check("F Mao-Iri", mv(u("F", "mao"), "iri"));
    check("F Gulf of Lyon - Tyrrhenian Sea", mv(u("F", "lyo"), "tys"));
    check("F Gulf of Lyons-Tys", mv(u("F", "lyo"), "tys"));
    check(
        "F Helgoland Bight - Heligoland Bight",
        mv(u("F", "hel"), "hel"),
    );
    check(
        "F St Petersburg(nc) - Barents Sea",
        mv(u("F", "stp/nc"), "bar"),
    );
    check(
        "F St. Petersburg (nc) - Barents Sea",
        mv(u("F", "stp/nc"), "bar"),
    );
    check("F St.Petersburg/nc-Bar", mv(u("F", "stp/nc"), "bar"));
    check(
        "F Saint Petersburg/nc - Norway",
        mv(u("F", "stp/nc"), "nwy"),
    );
    check("A North Africa - Tunis", mv(u("A", "naf"), "tun"));
    check(
        "F Eastern Mediterranean - Aegean Sea",
        mv(u("F", "eas"), "aeg"),
    );
    check(
        "F Western Mediterranean Sea - Gulf of Lyon",
        mv(u("F", "wes"), "lyo"),
    );
    check("F English Channel - North Sea", mv(u("F", "eng"), "nth"));
    check("F Norwegian Sea - North Sea", mv(u("F", "nwg"), "nth"));
}

#[test]
fn coasts() {
    check("F StP(sc)-Bot", mv(u("F", "stp/sc"), "bot"));
    check("F stp/sc - bot", mv(u("F", "stp/sc"), "bot"));
    check("F StP sc - Bot", mv(u("F", "stp/sc"), "bot"));
    check("F StP (south coast) - Bot", mv(u("F", "stp/sc"), "bot"));
    check("F StP(s) - Bot", mv(u("F", "stp/sc"), "bot"));
    check("F StP/s - Bot", mv(u("F", "stp/sc"), "bot"));
    check("F Mao-Spa/nc", mv(u("F", "mao"), "spa/nc"));
    check("F Mao-Spa(nc)", mv(u("F", "mao"), "spa/nc"));
    check("F Mao - Spa nc", mv(u("F", "mao"), "spa/nc"));
    check("F Mao - Spa north coast", mv(u("F", "mao"), "spa/nc"));
    check("F Mao - Spa (n)", mv(u("F", "mao"), "spa/nc"));
    check("F Mao - Spa [nc]", mv(u("F", "mao"), "spa/nc"));
    check(
        "F Spain (north coast) - Mid-Atlantic Ocean",
        mv(u("F", "spa/nc"), "mao"),
    );
    check("F Bla - Bul(ec)", mv(u("F", "bla"), "bul/ec"));
    check("F Bla - Bul/e", mv(u("F", "bla"), "bul/ec"));
    check("F Bul/sc - Con", mv(u("F", "bul/sc"), "con"));
    // A split-coast province written without a coast stays the plain province.
    check("F Por - Spa", mv(u("F", "por"), "spa"));
    // A coast the province has is kept, even for an army: the judge decides.
    check("A Gas - Spa(nc)", mv(u("A", "gas"), "spa/nc"));
    // A coast the province does not have is ignored (DATC 4.B.6).
    check("A Bur - Spa(ec)", mv(u("A", "bur"), "spa"));
    check("F Spa(ec) - Mao", mv(u("F", "spa"), "mao"));
    check("F Bre(nc) - Mao", mv(u("F", "bre"), "mao"));
    check("F Mao - Bre/sc", mv(u("F", "mao"), "bre"));
    check("F Mao - Bre (north coast)", mv(u("F", "mao"), "bre"));
    // Localized coasts.
    check(
        "F Saint-Pétersbourg (côte sud) - Golfe de Botnie",
        mv(u("F", "stp/sc"), "bot"),
    );
    check(
        "F Petrohrad (jižní pobřeží) - Botnický záliv",
        mv(u("F", "stp/sc"), "bot"),
    );
    check(
        "F Санкт-Петербург (северный берег) - Баренцево море",
        mv(u("F", "stp/nc"), "bar"),
    );
}

#[test]
fn holds() {
    for text in [
        "A Par H",
        "A Par Holds",
        "A Par Hold",
        "A Par hold",
        "A Par (H)",
        "A Par Stands",
    ] {
        check(text, hold(u("A", "par")));
    }
    check("Bur (H)", hold(u("", "bur")));
    check("Par H", hold(u("", "par")));
    // "Hol" is Holland, "H"/"Hold" is hold.
    check("A Hol H", hold(u("A", "hol")));
    check("A Hol Hold", hold(u("A", "hol")));
    check("F Holland Holds", hold(u("F", "hol")));
    check("A Hol-Bel", mv(u("A", "hol"), "bel"));
    check("F Spa(sc) H", hold(u("F", "spa/sc")));
    check("F Gulf of Lyon Hold", hold(u("F", "lyo")));
}

#[test]
fn supports() {
    let want = sm(u("A", "bur"), t("", "A", "par"), "mar");
    for text in [
        "A Bur S A Par-Mar",
        "A Bur Supports A Par - Mar",
        "A Bur S A Par -> Mar",
        "A Bur (S) A Par-Mar",
        "A Bur supports A Paris moves to Marseilles",
        "A Bur S A Par to Mar",
        "A Burgundy Support A Paris - Marseille",
        "A Bur Sup A Par-Mar",
    ] {
        check(text, want);
    }
    check(
        "A Bur S Par-Mar",
        sm(u("A", "bur"), t("", "", "par"), "mar"),
    );
    check(
        "A Sil S Russian A War-Pru",
        sm(u("A", "sil"), t("Russia", "A", "war"), "pru"),
    );
    check(
        "A Sil S Russia A War-Pru",
        sm(u("A", "sil"), t("Russia", "A", "war"), "pru"),
    );
    check(
        "A Sil (S) Russie A War-Pru",
        sm(u("A", "sil"), t("Russia", "A", "war"), "pru"),
    );
    check(
        "A Sil S Russian War-Pru",
        sm(u("A", "sil"), t("Russia", "", "war"), "pru"),
    );
    check(
        "A Kie (S) Autriche A Boh-Mun",
        sm(u("A", "kie"), t("Austria", "A", "boh"), "mun"),
    );
    check(
        "A Kie S Autriche-Hongrie A Boh-Mun",
        sm(u("A", "kie"), t("Austria", "A", "boh"), "mun"),
    );
    check(
        "F Mar Supports F Gas - Spa(nc)",
        sm(u("F", "mar"), t("", "F", "gas"), "spa/nc"),
    );
    check(
        "F Spain(nc) Supports F Marseilles - Gulf of Lyon",
        sm(u("F", "spa/nc"), t("", "F", "mar"), "lyo"),
    );
    // "S" after a split-coast province is read by what follows it.
    check(
        "F Spa S A Mar - Gas",
        sm(u("F", "spa"), t("", "A", "mar"), "gas"),
    );
    check(
        "F Spa (S) A Mar - Gas",
        sm(u("F", "spa"), t("", "A", "mar"), "gas"),
    );
    check("F Spa S Por", sh(u("F", "spa"), t("", "", "por")));
    check("F Spa S - Por", mv(u("F", "spa/sc"), "por"));
    // "English Channel" is a sea, not a nationality followed by a province.
    check(
        "F Nth S English Channel",
        sh(u("F", "nth"), t("", "", "eng")),
    );
    check(
        "F Nth S F English Channel - Bel",
        sm(u("F", "nth"), t("", "F", "eng"), "bel"),
    );
    check(
        "F Nth S English F Eng - Bel",
        sm(u("F", "nth"), t("England", "F", "eng"), "bel"),
    );
    // Short nationalities of the rulebook examples ("A Ser S Turk A Bul-Rum", 1982 rules).
    check(
        "A Ser S Turk A Bul-Rum",
        sm(u("A", "ser"), t("Turkey", "A", "bul"), "rum"),
    );
    check(
        "A Ser S Ger A Bud-Rum",
        sm(u("A", "ser"), t("Germany", "A", "bud"), "rum"),
    );
    // "Eng" is England before a unit, the English Channel otherwise.
    check(
        "F Nth C Eng A Lon-Bel",
        cv(u("F", "nth"), t("England", "A", "lon"), "bel"),
    );
    check(
        "F Nth S Eng - Bel",
        sm(u("F", "nth"), t("", "", "eng"), "bel"),
    );
    check("F Nth S Eng", sh(u("F", "nth"), t("", "", "eng")));
}

#[test]
fn support_holds() {
    let want = sh(u("A", "mun"), t("", "A", "ber"));
    for text in [
        "A Mun S A Ber",
        "A Mun Supports A Berlin",
        "A Mun Supports A Berlin Hold",
        "A Mun S A Ber H",
        "A Mun S A Ber Holds",
        "A Mun S A Ber to hold",
        "A Mun (S) A Ber (H)",
    ] {
        check(text, want);
    }
    check("A Mun S Ber", sh(u("A", "mun"), t("", "", "ber")));
    check(
        "A Mun S German A Ber",
        sh(u("A", "mun"), t("Germany", "A", "ber")),
    );
    check(
        "F Trieste Supports F Trieste",
        sh(u("F", "tri"), t("", "F", "tri")),
    );
    check("F Den S F Bal", sh(u("F", "den"), t("", "F", "bal")));
}

#[test]
fn convoys() {
    let want = cv(u("F", "nth"), t("", "A", "lon"), "bel");
    for text in [
        "F Nth C A Lon-Bel",
        "F Nth C A Lon - Bel",
        "F North Sea Convoys A London - Belgium",
        "F North Sea convoy A London to Belgium",
        "F Nth (C) A Lon-Bel",
        "F Nth(C) A Lon-Bel",
    ] {
        check(text, want);
    }
    check(
        "F Nth C English A Lon-Bel",
        cv(u("F", "nth"), t("England", "A", "lon"), "bel"),
    );
    check(
        "F Nth (C) Angleterre Lon-Bel",
        cv(u("F", "nth"), t("England", "", "lon"), "bel"),
    );
    check(
        "F Nth C Lon-Bel",
        cv(u("F", "nth"), t("", "", "lon"), "bel"),
    );
    check(
        "F Skagerrak Convoys Denmark - Norway",
        cv(u("F", "ska"), t("", "", "den"), "nwy"),
    );
    check(
        "F WMe (C) Angleterre A Lon-Tun",
        cv(u("F", "wes"), t("England", "A", "lon"), "tun"),
    );
    check(
        "F GLy (C) A Spa-Nap",
        cv(u("F", "lyo"), t("", "A", "spa"), "nap"),
    );
}

#[test]
fn via_convoy() {
    let want = mvc(u("A", "lon"), "bel");
    for text in [
        "A Lon-Bel via convoy",
        "A Lon-Bel by convoy",
        "A London - Belgium via Convoy",
        "A Lon - Bel VIA CONVOY",
        "A Lon - Bel (via convoy)",
        "A Lon - Bel via C",
        "A Lon - Bel convoyed",
        "A Lon - Bel par convoi",
        "A Lon - Bel přes konvoj",
        "A Lon - Bel через конвой",
    ] {
        check(text, want);
    }
}

#[test]
fn a_trailing_bare_via_means_via_convoy() {
    // The Python `diplomacy` package's spelling: `A LON - BEL VIA`.
    let want = mvc(u("A", "lon"), "bel");
    for text in [
        "A LON - BEL VIA",
        "A Lon - Bel via",
        "A Lon-Bel VIA",
        "A London -> Belgium Via",
    ] {
        check(text, want);
    }
    // "par" (French "by") is also Paris: the grammar tells them apart.
    check("A Bre - Par", mv(u("A", "bre"), "par"));
    check("A Lon - Par via convoy", mvc(u("A", "lon"), "par"));
}

#[test]
fn retreats_and_disbands() {
    check("A Mun R Boh", rt(u("A", "mun"), "boh"));
    check("A Mun Retreats to Boh", rt(u("A", "mun"), "boh"));
    check("A Mun retreat Bohemia", rt(u("A", "mun"), "boh"));
    check("A Mun R - Boh", rt(u("A", "mun"), "boh"));
    check("F Spa/sc R Wes", rt(u("F", "spa/sc"), "wes"));
    // A plain move stays a move: the judge reads it as a retreat in a retreat phase.
    check("A Mun-Boh", mv(u("A", "mun"), "boh"));
    for text in ["A Mun D", "A Mun Disband", "A Mun disbands", "A Mun (D)"] {
        check(text, disband(u("A", "mun")));
    }
    check("Mun D", disband(u("", "mun")));
}

#[test]
fn adjustments() {
    check("Build F StP/nc", build("F", "stp/nc"));
    check("Build F St Petersburg(nc)", build("F", "stp/nc"));
    check("Build F stp nc", build("F", "stp/nc"));
    check("Build A Par", build("A", "par"));
    check("build a paris", build("A", "par"));
    check("B A Par", build("A", "par"));
    check("Build Par", build("", "par"));
    check("A Par Build", build("A", "par"));
    check("F Kie B", build("F", "kie"));
    check("Build A St Petersburg(nc)", build("A", "stp/nc"));
    check("Build F St Petersburg", build("F", "stp"));
    check("Remove A Mun", remove(u("A", "mun")));
    check("Disband A Mun", remove(u("A", "mun")));
    check("remove F Gulf of Lyon", remove(u("F", "lyo")));
    check("A Mun Remove", remove(u("A", "mun")));
    check("Remove Mun", remove(u("", "mun")));
    for text in [
        "Waive",
        "waive",
        "WAIVE",
        "Waive build",
        "Build waive",
        "Pass",
    ] {
        check(text, Order::Waive);
    }
}

#[test]
fn type_letters_and_keywords_are_read_by_position() {
    // "A" first is the unit type; "F" is the unit type, not France.
    check(
        "A Mun S A Ber - Kie",
        sm(u("A", "mun"), t("", "A", "ber"), "kie"),
    );
    check("F Kie S F Ber", sh(u("F", "kie"), t("", "F", "ber")));
    // Abbreviations that start like keywords.
    check("F Con - Bla", mv(u("F", "con"), "bla"));
    check(
        "A Den S A Kie - Hol",
        sm(u("A", "den"), t("", "A", "kie"), "hol"),
    );
    check(
        "F Bre C A Pic - Gas",
        cv(u("F", "bre"), t("", "A", "pic"), "gas"),
    );
    check(
        "A Ser S A Rum - Bul",
        sm(u("A", "ser"), t("", "A", "rum"), "bul"),
    );
    check("A Ruh H", hold(u("A", "ruh")));
    check(
        "A Holland Supports Rhur - Belgium",
        sm(u("A", "hol"), t("", "", "ruh"), "bel"),
    );
}

#[test]
fn czech() {
    check("A Paříž - Burgundsko", mv(u("A", "par"), "bur"));
    check("A Pariz - Burgundsko", mv(u("A", "par"), "bur"));
    check("A Čechy - Mnichov", mv(u("A", "boh"), "mun"));
    check("A Cechy - Mnichov", mv(u("A", "boh"), "mun"));
    check("F Kanál La Manche - Severní moře", mv(u("F", "eng"), "nth"));
    check(
        "F Atlantský oceán - střed - Brest",
        mv(u("F", "mao"), "bre"),
    );
    check("F Lví záliv - Tyrhénské moře", mv(u("F", "lyo"), "tys"));
    check(
        "A Slezsko podporuje A Varšava - Prusko",
        sm(u("A", "sil"), t("", "A", "war"), "pru"),
    );
    check(
        "A Slezsko P ruská A Varšava - Prusko",
        sm(u("A", "sil"), t("Russia", "A", "war"), "pru"),
    );
    check(
        "F Severní moře K A Londýn - Belgie",
        cv(u("F", "nth"), t("", "A", "lon"), "bel"),
    );
    check(
        "F Severní moře konvojuje anglická A Londýn - Belgie",
        cv(u("F", "nth"), t("England", "A", "lon"), "bel"),
    );
    check("A Paříž drží", hold(u("A", "par")));
    check("A Paříž drž pozici", hold(u("A", "par")));
    check("armáda Paříž do Burgundsko", mv(u("A", "par"), "bur"));
    check(
        "stavba flotila Petrohrad (severní pobřeží)",
        build("F", "stp/nc"),
    );
    check("Odstranit A Mnichov", remove(u("A", "mun")));
    check("A Mnichov ústup Čechy", rt(u("A", "mun"), "boh"));
}

#[test]
fn french() {
    check("F Manche - Mer du Nord", mv(u("F", "eng"), "nth"));
    check("A Paris - Bourgogne", mv(u("A", "par"), "bur"));
    check(
        "F Golfe du Lion - Mer Tyrrhénienne",
        mv(u("F", "lyo"), "tys"),
    );
    check(
        "F Golfe de Lion - Mer Tyrrhenienne",
        mv(u("F", "lyo"), "tys"),
    );
    check(
        "F Saint-Pétersbourg (côte sud) - Golfe de Botnie",
        mv(u("F", "stp/sc"), "bot"),
    );
    check("F Mer de Norvège - Norvège", mv(u("F", "nwg"), "nwy"));
    check("F nrs - nwy", mv(u("F", "nwg"), "nwy"));
    check(
        "A Bourgogne soutient A Paris - Marseille",
        sm(u("A", "bur"), t("", "A", "par"), "mar"),
    );
    check(
        "A Silésie soutient russe A Varsovie - Prusse",
        sm(u("A", "sil"), t("Russia", "A", "war"), "pru"),
    );
    check(
        "F Mer du Nord convoie A Londres - Belgique",
        cv(u("F", "nth"), t("", "A", "lon"), "bel"),
    );
    check("A Paris tient", hold(u("A", "par")));
    check("armée Paris vers Bourgogne", mv(u("A", "par"), "bur"));
    check("flotte Brest - Manche", mv(u("F", "bre"), "eng"));
    check("construit A Paris", build("A", "par"));
    check("retire A Munich", remove(u("A", "mun")));
    check("A Munich retraite vers Bohême", rt(u("A", "mun"), "boh"));
}

#[test]
fn russian() {
    check("A Париж - Бургундия", mv(u("A", "par"), "bur"));
    check("А Париж - Бургундия", mv(u("A", "par"), "bur"));
    check(
        "Ф Английский Канал - Северное море",
        mv(u("F", "eng"), "nth"),
    );
    check(
        "F Средняя Атлантика - Испания (северный берег)",
        mv(u("F", "mao"), "spa/nc"),
    );
    check("F Чёрное море - Румыния", mv(u("F", "bla"), "rum"));
    check("F Черное море - Румыния", mv(u("F", "bla"), "rum"));
    check(
        "A Бургундия поддерживает A Париж - Марсель",
        sm(u("A", "bur"), t("", "A", "par"), "mar"),
    );
    check(
        "A Силезия П русская A Варшава - Пруссия",
        sm(u("A", "sil"), t("Russia", "A", "war"), "pru"),
    );
    check(
        "F Северное море конвоирует A Лондон - Бельгия",
        cv(u("F", "nth"), t("", "A", "lon"), "bel"),
    );
    check(
        "F Северное море К английская A Лондон - Бельгия",
        cv(u("F", "nth"), t("England", "A", "lon"), "bel"),
    );
    check("A Париж стоит", hold(u("A", "par")));
    check("армия Париж держит позицию", hold(u("A", "par")));
    check(
        "флот Санкт-Петербург (южный берег) - Ботнический залив",
        mv(u("F", "stp/sc"), "bot"),
    );
    check("строит A Москва", build("A", "mos"));
    check("A Мюнхен отступает в Богемия", rt(u("A", "mun"), "boh"));
    // "Английский" alone is the English adjective.
    check(
        "F Северное море К Английский Лондон - Бельгия",
        cv(u("F", "nth"), t("England", "", "lon"), "bel"),
    );
}
