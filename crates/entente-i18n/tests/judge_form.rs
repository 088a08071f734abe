//! Whole judge forms through the Fluent words: English word for word the classic listing,
//! the other languages with every phrase and name of theirs.

use entente_host::{Session, SessionConfig};
use entente_i18n::judge::JudgeWords;
use entente_judge::Rulebook;
use entente_map::Variant;
use entente_report::game::{game_phase, game_phase_in};

fn send(s: &mut Session, power: &str, sheet: &str) {
    let p = s.map().lookup_power(power).unwrap();
    s.submit(p, sheet).unwrap();
}

/// 1901 with a bounce, a cut support, an unreadable line, an illegal order, a dislodged
/// fleet that retreats, another destroyed, and the adjustments.
fn year_1901() -> Session {
    let variant = Variant::builtin("standard").unwrap();
    let mut s = Session::new(SessionConfig::named_after_powers(
        variant,
        Rulebook::default_game(),
    ))
    .unwrap();
    send(&mut s, "Turkey", "F Ank - Bla\nA Smy - Arm\nA Con - Bul\n");
    send(&mut s, "Russia", "F Sev - Bla\nA Mos - Qqq\nA War - Mos\n");
    send(&mut s, "Germany", "A Mun - Bur\nA Ber - Kie\nF Kie - Den\n");
    send(
        &mut s,
        "France",
        "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao\n",
    );
    send(&mut s, "Italy", "A Ven - Pie\nF Nap - Ion\nA Rom - Ven\n");
    send(&mut s, "Austria", "A Vie - Tri\nF Tri - Alb\nA Bud - Ser\n");
    send(&mut s, "England", "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n");
    s.adjudicate().unwrap();
    send(&mut s, "Turkey", "A Arm - Sev\nA Bul - Rum\n");
    send(&mut s, "Russia", "F Sev H\n");
    send(&mut s, "Germany", "F Den - Swe\nA Kie - Hol\nA Mun - Bur\n");
    send(
        &mut s,
        "France",
        "A Bur - Mar\nF Mao - Spa/nc\nA Mar - Gas\n",
    );
    send(&mut s, "Italy", "F Ion - Tun\nA Pie - Mar\n");
    send(&mut s, "Austria", "F Alb - Gre\nA Ser S F Alb - Gre\n");
    send(&mut s, "England", "F Nth - Nwy\nF Nwg - Bar\nA Yor - Lon\n");
    while s.game().history().len() < 4 && s.adjudicate().is_ok() {}
    s
}

#[test]
fn fluents_english_judge_form_is_the_classic_listing() {
    let s = year_1901();
    let en = JudgeWords { lang: "en" };
    for i in 0..s.game().history().len() {
        let (mut a, mut b) = (String::new(), String::new());
        game_phase(&s, i, &mut a);
        game_phase_in(&en, &s, i, &mut b);
        assert_eq!(a, b, "phase {i}");
    }
}

#[test]
fn the_judge_form_in_czech_french_and_russian() {
    let s = year_1901();
    let expect = [
        (
            "cs",
            [
                "Jaro 1901, pohyb",
                "Rusko:",
                "nesrozumitelné",
                "Rozmístění jednotek:",
                "Držení zásobovacích center:",
            ],
        ),
        (
            "fr",
            [
                "Printemps 1901, mouvements",
                "Russie:",
                "illisible",
                "Positions des unités :",
                "Possession des centres",
            ],
        ),
        (
            "ru",
            [
                "Весна 1901, движение",
                "Россия:",
                "не прочитано",
                "Расположение юнитов:",
                "Принадлежность центров",
            ],
        ),
    ];
    for (lang, words) in expect {
        let w = JudgeWords { lang };
        let mut out = String::new();
        game_phase_in(&w, &s, 0, &mut out);
        for word in words {
            assert!(out.contains(word), "{lang}: {word:?} missing in\n{out}");
        }
        for english in ["HOLD", "SUPPORT", "Unit positions", "unreadable", " -> "] {
            assert!(
                !out.contains(english),
                "{lang}: English {english:?} in\n{out}"
            );
        }
        let mut all = String::new();
        for i in 0..s.game().history().len() {
            game_phase_in(&w, &s, i, &mut all);
        }
        assert!(!all.contains("Warsaw"), "{lang}: an English name in\n{all}");
    }
}
