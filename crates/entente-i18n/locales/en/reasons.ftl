# Why a line is not an order (entente-orders ParseReason), why an order will not be carried
# out (entente-host Problem, entente-judge Illegal). English: exactly the words of the
# crates' own English texts (a test compares them).

parse-at = at position { $position }: { $reason }
parse-empty = empty order
parse-expected = expected { $wanted }, found '{ $found }'
parse-cut-short = the order is cut short after '{ $last }' (expected { $wanted })
parse-unexpected = unexpected '{ $found }' after the order
parse-unknown-province = unknown province '{ $name }'
parse-did-you-mean = ; did you mean { $names }?
parse-or = or
parse-not-an-order = not an order

wanted-unit-or-order = a unit or an order
wanted-province = a province
wanted-unit-to-build = a unit to build
wanted-unit-to-remove = the unit to remove
wanted-unit-or-province = a unit or a province
wanted-destination = the destination
wanted-supported-destination = the destination of the supported move
wanted-convoy-destination = the destination of the convoy
wanted-retreat-destination = where to retreat
wanted-order-after-unit = '-' or an order keyword after the unit
wanted-convoyed-army-move = '-' and the destination of the convoyed army
wanted-coast-after-slash = a coast after '/'
wanted-convoy-after = 'convoy' after '{ $word }'

illegal-no-such-unit = no such unit
illegal-not-your-unit = not your unit
illegal-wrong-phase = not an order for this phase
illegal-not-adjacent = not adjacent
illegal-wrong-terrain = that unit cannot go there
illegal-coast-needed = coast must be named
illegal-coast-unreachable = that coast cannot be reached
illegal-same-province = a unit cannot move to its own space
illegal-fleet-convoyed = only armies can be convoyed
illegal-support-unreachable = supporting unit cannot reach that space
illegal-impossible-supported-move = the supported move is impossible
illegal-supports-itself = a unit cannot support itself or an attack on itself
illegal-convoy-not-at-sea = only fleets at sea convoy
illegal-convoy-impossible = that convoy is impossible
illegal-convoy-not-on-route = fleet is on no possible convoy route
illegal-retreat-not-allowed = cannot retreat there
illegal-build-not-allowed = cannot build there
illegal-nothing-due = no adjustment due
illegal-impassable = that space is impassable

problem-two-orders-holds = two orders for { $unit }: it holds
problem-two-orders-disbanded = two orders for { $unit }: it is disbanded
problem-too-many-removals = more removals than the { $n } due
problem-too-many-builds = more builds than the { $n } due
problem-removed-earlier = { $unit } is removed by an earlier order
