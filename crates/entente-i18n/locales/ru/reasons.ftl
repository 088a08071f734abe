# Почему строка не приказ и почему приказ не будет выполнен.

parse-at = в позиции { $position }: { $reason }
parse-empty = пустой приказ
parse-expected = ожидалось: { $wanted }, найдено «{ $found }»
parse-cut-short = приказ обрывается после «{ $last }» (ожидалось: { $wanted })
parse-unexpected = лишнее «{ $found }» после приказа
parse-unknown-province = неизвестная провинция «{ $name }»
parse-did-you-mean = ; может быть, { $names }?
parse-or = или
parse-not-an-order = это не приказ

wanted-unit-or-order = юнит или приказ
wanted-province = провинция
wanted-unit-to-build = юнит для постройки
wanted-unit-to-remove = юнит для роспуска
wanted-unit-or-province = юнит или провинция
wanted-destination = цель
wanted-supported-destination = цель поддерживаемого хода
wanted-convoy-destination = цель конвоя
wanted-retreat-destination = куда отступить
wanted-order-after-unit = «-» или слово приказа после юнита
wanted-convoyed-army-move = «-» и цель перевозимой армии
wanted-coast-after-slash = побережье после «/»
wanted-convoy-after = «конвой» после «{ $word }»

illegal-no-such-unit = такого юнита нет
illegal-not-your-unit = это не ваш юнит
illegal-wrong-phase = это не приказ для этой фазы
illegal-not-adjacent = не соседние
illegal-wrong-terrain = этот юнит не может туда пойти
illegal-coast-needed = нужно указать побережье
illegal-coast-unreachable = это побережье недостижимо
illegal-same-province = юнит не может пойти на свою же клетку
illegal-fleet-convoyed = перевозить можно только армии
illegal-support-unreachable = поддерживающий юнит не может достичь этой клетки
illegal-impossible-supported-move = поддерживаемый ход невозможен
illegal-supports-itself = юнит не может поддерживать себя или атаку на себя
illegal-convoy-not-at-sea = конвоировать могут только флоты в море
illegal-convoy-impossible = такой конвой невозможен
illegal-convoy-not-on-route = флот не стоит ни на одном возможном пути конвоя
illegal-retreat-not-allowed = туда отступить нельзя
illegal-build-not-allowed = там строить нельзя
illegal-nothing-due = корректировка не требуется
illegal-impassable = эта клетка непроходима

problem-two-orders-holds = два приказа для { $unit }: юнит стоит
problem-two-orders-disbanded = два приказа для { $unit }: юнит распущен
problem-too-many-removals = роспусков больше, чем требуется ({ $n })
problem-too-many-builds = построек больше, чем положено ({ $n })
problem-removed-earlier = { $unit } уже распущен предыдущим приказом
