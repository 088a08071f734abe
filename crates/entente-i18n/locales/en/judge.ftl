# The judge form's phrases (entente-report's Words), in English exactly as
# entente_report::words::english writes them (a test compares whole judge forms).

order-hold = { $unit } HOLD
order-move = { $unit } -> { $to }
order-move-via-convoy = { $unit } -> { $to } VIA CONVOY
order-support-hold = { $unit } SUPPORT { $target }
order-support-move = { $unit } SUPPORT { $target } -> { $to }
order-convoy = { $unit } CONVOY { $target } -> { $to }
order-retreat = { $unit } -> { $to }
order-disband = { $unit } DISBAND
order-build = Build { $unit }
order-remove = Remove { $unit }
order-waive = Waive
unit-army = Army
unit-fleet = Fleet
failed-dislodged = { $why }, dislodged
illegal = illegal: { $why }
holds = holds
holds-dislodged = holds, dislodged
no-order = no order
no-order-dislodged = no order, dislodged
unreadable-holds = unreadable: { $why }; holds
unreadable-ignored = unreadable: { $why }; ignored
ignored-neutral = ignored: neutral
ignored-civil-disorder = ignored: civil disorder
disbanded-no-orders = { $unit } is disbanded: no orders come from { $power }.
dislodged-heading = The following units were dislodged:
dislodged-destroyed = The { $adjective } { $unit } in { $at } with no valid retreats was destroyed.
dislodged-can-retreat = The { $adjective } { $unit } in { $at } can retreat to { $options }.
retreat-disbanded = The { $adjective } { $unit } in { $at } was disbanded.
civil-disorder-removal = Remove { $unit }. (*civil disorder*)
builds-waived = { $n ->
    [one] { $n } unused build waived.
   *[other] { $n } unused builds waived.
}
in-civil-disorder = In civil disorder: { $powers }.
or = or
positions-heading = Unit positions:
centres-heading = Ownership of supply centres:
centres-count = { $n ->
    [one] { $n } centre
   *[other] { $n } centres
}
units-count = { $n ->
    [one] { $n } unit
   *[other] { $n } units
}
dislodged-count = { $n } dislodged
builds = builds { $n }
builds-limited = { $vacant ->
    [one] builds { $n } ({ $due } due, { $vacant } vacant home centre)
   *[other] builds { $n } ({ $due } due, { $vacant } vacant home centres)
}
no-vacant-home = no vacant home centre to build in
removes = removes { $n }
no-centres = no centres
unowned = Unowned: { $centres }.
failure-bounce = bounce
failure-cut = cut
failure-dislodged = dislodged
failure-no-convoy = no convoy
failure-disrupted = disrupted
failure-void = void
failure-paradox = paradox
failure-conflicting-orders = conflicting orders
failure-retreat-collision = bounce, disbanded
failure-too-many = too many

# Names the map does not give.
season-spring = Spring
season-fall = Fall
season-winter = Winter
kind-movement = movement
kind-retreat = retreats
kind-adjustment = adjustments
phase-title = { $season } { $year } { $kind }
coast-nc = north coast
coast-sc = south coast
coast-ec = east coast
coast-wc = west coast
