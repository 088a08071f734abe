# Pourquoi une ligne n'est pas un ordre, pourquoi un ordre ne sera pas exécuté.

parse-at = à la position { $position } : { $reason }
parse-empty = ordre vide
parse-expected = { $wanted } attendu, trouvé « { $found } »
parse-cut-short = l'ordre s'arrête après « { $last } » ({ $wanted } attendu)
parse-unexpected = « { $found } » inattendu après l'ordre
parse-unknown-province = province inconnue « { $name } »
parse-did-you-mean = ; vouliez-vous dire { $names } ?
parse-or = ou
parse-not-an-order = ce n'est pas un ordre

wanted-unit-or-order = une unité ou un ordre
wanted-province = une province
wanted-unit-to-build = une unité à construire
wanted-unit-to-remove = l'unité à retirer
wanted-unit-or-province = une unité ou une province
wanted-destination = la destination
wanted-supported-destination = la destination du mouvement soutenu
wanted-convoy-destination = la destination du convoi
wanted-retreat-destination = la case de retraite
wanted-order-after-unit = « - » ou un mot d'ordre après l'unité
wanted-convoyed-army-move = « - » et la destination de l'armée convoyée
wanted-coast-after-slash = une côte après « / »
wanted-convoy-after = « convoi » après « { $word } »

illegal-no-such-unit = cette unité n'existe pas
illegal-not-your-unit = ce n'est pas votre unité
illegal-wrong-phase = ce n'est pas un ordre de cette phase
illegal-not-adjacent = pas adjacent
illegal-wrong-terrain = cette unité ne peut pas aller là
illegal-coast-needed = il faut nommer la côte
illegal-coast-unreachable = cette côte est inaccessible
illegal-same-province = une unité ne peut pas aller sur sa propre case
illegal-fleet-convoyed = seules les armées peuvent être convoyées
illegal-support-unreachable = l'unité qui soutient ne peut pas atteindre cette case
illegal-impossible-supported-move = le mouvement soutenu est impossible
illegal-supports-itself = une unité ne peut se soutenir ni soutenir une attaque contre elle
illegal-convoy-not-at-sea = seules les flottes en mer convoient
illegal-convoy-impossible = ce convoi est impossible
illegal-convoy-not-on-route = la flotte n'est sur aucune route de convoi possible
illegal-retreat-not-allowed = retraite impossible à cet endroit
illegal-build-not-allowed = construction impossible à cet endroit
illegal-nothing-due = aucun ajustement à faire
illegal-impassable = cette case est infranchissable

problem-two-orders-holds = deux ordres pour { $unit } : elle tient
problem-two-orders-disbanded = deux ordres pour { $unit } : elle est dissoute
problem-too-many-removals = plus de retraits que les { $n } dus
problem-too-many-builds = plus de constructions que les { $n } dues
problem-removed-earlier = { $unit } est déjà retirée par un ordre précédent
