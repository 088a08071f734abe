# Les résultats (judge form) en français.

order-hold = { $unit } tient
order-move = { $unit } → { $to }
order-move-via-convoy = { $unit } → { $to } par convoi
order-support-hold = { $unit } soutient { $target }
order-support-move = { $unit } soutient { $target } → { $to }
order-convoy = { $unit } convoie { $target } → { $to }
order-retreat = { $unit } retraite → { $to }
order-disband = { $unit } est dissoute
order-build = Construire { $unit }
order-remove = Retirer { $unit }
order-waive = Renoncer à une construction
unit-army = armée
unit-fleet = flotte
failed-dislodged = { $why }, délogée
illegal = illégal : { $why }
holds = tient
holds-dislodged = tient, délogée
no-order = sans ordre
no-order-dislodged = sans ordre, délogée
unreadable-holds = illisible : { $why } ; l'unité tient
unreadable-ignored = illisible : { $why } ; ignoré
ignored-neutral = ignoré : puissance neutre
ignored-civil-disorder = ignoré : désordre civil
disbanded-no-orders = { $unit } est dissoute : { $power } ne donne pas d'ordres.
dislodged-heading = Unités délogées :
dislodged-destroyed = { $unit } ({ $adjective }) en { $at } n'a aucune retraite possible et est détruite.
dislodged-can-retreat = { $unit } ({ $adjective }) en { $at } peut faire retraite vers { $options }.
retreat-disbanded = { $unit } ({ $adjective }) en { $at } a été dissoute.
civil-disorder-removal = Retirer { $unit }. (*désordre civil*)
builds-waived = { $n ->
    [one] { $n } construction non utilisée est perdue.
   *[other] { $n } constructions non utilisées sont perdues.
}
in-civil-disorder = En désordre civil : { $powers }.
or = ou
positions-heading = Positions des unités :
centres-heading = Possession des centres de ravitaillement :
centres-count = { $n ->
    [one] { $n } centre
   *[other] { $n } centres
}
units-count = { $n ->
    [one] { $n } unité
   *[other] { $n } unités
}
dislodged-count = { $n } délogée(s)
builds = construit { $n }
builds-limited = construit { $n } ({ $due } dues, centres d'origine libres : { $vacant })
no-vacant-home = aucun centre d'origine libre pour construire
removes = retire { $n }
no-centres = aucun centre
unowned = Sans propriétaire : { $centres }.
failure-bounce = repoussé
failure-cut = soutien coupé
failure-dislodged = délogée
failure-no-convoy = pas de convoi
failure-disrupted = convoi rompu
failure-void = nul
failure-paradox = paradoxe
failure-conflicting-orders = ordres contradictoires
failure-retreat-collision = repoussée, dissoute
failure-too-many = en trop

season-spring = Printemps
season-fall = Automne
season-winter = Hiver
kind-movement = mouvements
kind-retreat = retraites
kind-adjustment = ajustements
phase-title = { $season } { $year }, { $kind }
coast-nc = côte nord
coast-sc = côte sud
coast-ec = côte est
coast-wc = côte ouest
