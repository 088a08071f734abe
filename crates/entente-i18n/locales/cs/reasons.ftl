# Proč řádek není rozkaz a proč rozkaz nebude proveden.

parse-at = na pozici { $position }: { $reason }
parse-empty = prázdný rozkaz
parse-expected = očekáváno { $wanted }, nalezeno '{ $found }'
parse-cut-short = rozkaz končí předčasně po '{ $last }' (očekáváno { $wanted })
parse-unexpected = nečekané '{ $found }' za rozkazem
parse-unknown-province = neznámá provincie '{ $name }'
parse-did-you-mean = ; myslíte { $names }?
parse-or = nebo
parse-not-an-order = toto není rozkaz

wanted-unit-or-order = jednotka nebo rozkaz
wanted-province = provincie
wanted-unit-to-build = jednotka ke stavbě
wanted-unit-to-remove = jednotka k odstranění
wanted-unit-or-province = jednotka nebo provincie
wanted-destination = cíl
wanted-supported-destination = cíl podporovaného přesunu
wanted-convoy-destination = cíl konvoje
wanted-retreat-destination = kam ustoupit
wanted-order-after-unit = '-' nebo klíčové slovo rozkazu za jednotkou
wanted-convoyed-army-move = '-' a cíl převážené armády
wanted-coast-after-slash = pobřeží za '/'
wanted-convoy-after = 'konvoj' za '{ $word }'

illegal-no-such-unit = taková jednotka není
illegal-not-your-unit = není to vaše jednotka
illegal-wrong-phase = to není rozkaz pro tuto fázi
illegal-not-adjacent = nesousedí
illegal-wrong-terrain = tam tato jednotka nemůže
illegal-coast-needed = je třeba uvést pobřeží
illegal-coast-unreachable = toto pobřeží je nedosažitelné
illegal-same-province = jednotka se nemůže přesunout na své vlastní pole
illegal-fleet-convoyed = převážet lze jen armády
illegal-support-unreachable = podporující jednotka na to pole nedosáhne
illegal-impossible-supported-move = podporovaný přesun je nemožný
illegal-supports-itself = jednotka nemůže podporovat sebe ani útok na sebe
illegal-convoy-not-at-sea = převážet mohou jen loďstva na moři
illegal-convoy-impossible = tento konvoj je nemožný
illegal-convoy-not-on-route = loďstvo neleží na žádné možné trase konvoje
illegal-retreat-not-allowed = tam nelze ustoupit
illegal-build-not-allowed = tam nelze stavět
illegal-nothing-due = žádná úprava není na řadě
illegal-impassable = toto pole je neprůchodné

problem-two-orders-holds = dva rozkazy pro { $unit }: jednotka drží
problem-two-orders-disbanded = dva rozkazy pro { $unit }: jednotka je rozpuštěna
problem-too-many-removals = více odstranění než { $n } požadovaných
problem-too-many-builds = více staveb než { $n } povolených
problem-removed-earlier = { $unit } už odstraňuje dřívější rozkaz
