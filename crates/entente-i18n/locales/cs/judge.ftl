# Výpis výsledků (judge form) česky.

order-hold = { $unit } drží
order-move = { $unit } → { $to }
order-move-via-convoy = { $unit } → { $to } konvojem
order-support-hold = { $unit } podporuje { $target }
order-support-move = { $unit } podporuje { $target } → { $to }
order-convoy = { $unit } konvojuje { $target } → { $to }
order-retreat = { $unit } ustupuje → { $to }
order-disband = { $unit } se rozpouští
order-build = Postavit { $unit }
order-remove = Odebrat { $unit }
order-waive = Vzdát se stavby
unit-army = armáda
unit-fleet = loďstvo
failed-dislodged = { $why }, vytlačena
illegal = nepřípustný: { $why }
holds = drží
holds-dislodged = drží, vytlačena
no-order = bez rozkazu
no-order-dislodged = bez rozkazu, vytlačena
unreadable-holds = nesrozumitelné: { $why }; jednotka drží
unreadable-ignored = nesrozumitelné: { $why }; nebere se v úvahu
ignored-neutral = nebere se v úvahu: neutrální mocnost
ignored-civil-disorder = nebere se v úvahu: občanské nepokoje
disbanded-no-orders = { $unit } se rozpouští: od mocnosti { $power } nepřicházejí rozkazy.
dislodged-heading = Vytlačené jednotky:
dislodged-destroyed = { $unit } ({ $adjective }) v provincii { $at } nemá kam ustoupit a je zničena.
dislodged-can-retreat = { $unit } ({ $adjective }) v provincii { $at } může ustoupit: { $options }.
retreat-disbanded = { $unit } ({ $adjective }) v provincii { $at } byla rozpuštěna.
civil-disorder-removal = Odebrat { $unit }. (*občanské nepokoje*)
builds-waived = { $n ->
    [one] { $n } nevyužitá stavba propadá.
    [few] { $n } nevyužité stavby propadají.
   *[other] { $n } nevyužitých staveb propadá.
}
in-civil-disorder = V občanských nepokojích: { $powers }.
or = nebo
positions-heading = Rozmístění jednotek:
centres-heading = Držení zásobovacích center:
centres-count = { $n ->
    [one] { $n } centrum
    [few] { $n } centra
   *[other] { $n } center
}
units-count = { $n ->
    [one] { $n } jednotka
    [few] { $n } jednotky
   *[other] { $n } jednotek
}
dislodged-count = { $n } vytlačeno
builds = staví { $n }
builds-limited = staví { $n } (náleží { $due }, volná domovská centra: { $vacant })
no-vacant-home = žádné volné domovské centrum ke stavbě
removes = odebírá { $n }
no-centres = žádná centra
unowned = Neobsazená: { $centres }.
failure-bounce = odražen
failure-cut = podpora přerušena
failure-dislodged = vytlačena
failure-no-convoy = bez konvoje
failure-disrupted = konvoj narušen
failure-void = neplatná
failure-paradox = paradox
failure-conflicting-orders = protichůdné rozkazy
failure-retreat-collision = odražen, rozpuštěna
failure-too-many = příliš mnoho

season-spring = Jaro
season-fall = Podzim
season-winter = Zima
kind-movement = pohyb
kind-retreat = ústupy
kind-adjustment = úpravy
phase-title = { $season } { $year }, { $kind }
coast-nc = severní pobřeží
coast-sc = jižní pobřeží
coast-ec = východní pobřeží
coast-wc = západní pobřeží
