# Результаты (judge form) по-русски.

order-hold = { $unit } стоит
order-move = { $unit } → { $to }
order-move-via-convoy = { $unit } → { $to } конвоем
order-support-hold = { $unit } поддерживает { $target }
order-support-move = { $unit } поддерживает { $target } → { $to }
order-convoy = { $unit } конвоирует { $target } → { $to }
order-retreat = { $unit } отступает → { $to }
order-disband = { $unit } расформировывается
order-build = Построить { $unit }
order-remove = Убрать { $unit }
order-waive = Отказаться от постройки
unit-army = армия
unit-fleet = флот
failed-dislodged = { $why }, выбит
illegal = недопустимо: { $why }
holds = стоит
holds-dislodged = стоит, выбит
no-order = без приказа
no-order-dislodged = без приказа, выбит
unreadable-holds = не прочитано: { $why }; юнит стоит
unreadable-ignored = не прочитано: { $why }; не учитывается
ignored-neutral = не учитывается: нейтральная держава
ignored-civil-disorder = не учитывается: гражданские беспорядки
disbanded-no-orders = { $unit } распущен: от державы { $power } нет приказов.
dislodged-heading = Выбитые юниты:
dislodged-destroyed = { $unit } ({ $adjective }) в { $at } некуда отступить: юнит уничтожен.
dislodged-can-retreat = { $unit } ({ $adjective }) в { $at } может отступить: { $options }.
retreat-disbanded = { $unit } ({ $adjective }) в { $at } распущен.
civil-disorder-removal = Убрать { $unit }. (*гражданские беспорядки*)
builds-waived = { $n ->
    [one] { $n } неиспользованная постройка пропадает.
    [few] { $n } неиспользованные постройки пропадают.
   *[other] { $n } неиспользованных построек пропадает.
}
in-civil-disorder = Гражданские беспорядки: { $powers }.
or = или
positions-heading = Расположение юнитов:
centres-heading = Принадлежность центров снабжения:
centres-count = { $n ->
    [one] { $n } центр
    [few] { $n } центра
   *[other] { $n } центров
}
units-count = { $n ->
    [one] { $n } юнит
    [few] { $n } юнита
   *[other] { $n } юнитов
}
dislodged-count = выбито: { $n }
builds = строит { $n }
builds-limited = строит { $n } (положено { $due }, свободных домашних центров: { $vacant })
no-vacant-home = нет свободного домашнего центра для постройки
removes = убирает { $n }
no-centres = нет центров
unowned = Ничьи: { $centres }.
failure-bounce = отбит
failure-cut = поддержка перерезана
failure-dislodged = выбит
failure-no-convoy = нет конвоя
failure-disrupted = конвой сорван
failure-void = недействителен
failure-paradox = парадокс
failure-conflicting-orders = противоречивые приказы
failure-retreat-collision = отбит, распущен
failure-too-many = лишний

season-spring = Весна
season-fall = Осень
season-winter = Зима
kind-movement = движение
kind-retreat = отступления
kind-adjustment = корректировки
phase-title = { $season } { $year }, { $kind }
coast-nc = северное побережье
coast-sc = южное побережье
coast-ec = восточное побережье
coast-wc = западное побережье
