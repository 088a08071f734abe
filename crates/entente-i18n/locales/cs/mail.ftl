mail-line = řádek { $line }
mail-signed-on = přihlášen(a) za mocnost { $power } ve hře { $game }.
mail-nothing-after = Nic dalšího z tohoto e-mailu nebylo provedeno.
mail-signon-first = nejdřív se přihlaste: PŘIHLÁSIT <hra> <mocnost> <heslo pro e-mail>; neprovedeno.
mail-nothing = V tomto e-mailu není co provést.
mail-orders-for = rozkazy za mocnost { $power }, { $phase }:
mail-not-understood = NESROZUMITELNÉ: { $why }
mail-will-not = nebude provedeno: { $why }
mail-letter-sent = zpráva odeslána: { $to }.
mail-ready = připraven(a).
mail-not-ready = nepřipraven(a).
mail-draw-counted = hlas pro remízu započten.
mail-draw-withdrawn = hlas pro remízu odvolán.
mail-concede-counted = hlas pro přenechání vítězství mocnosti { $power } započten.
mail-concede-withdrawn = hlas pro kapitulaci odvolán.
mail-game-over = Hra skončila: { $result }
mail-game-state = hra { $game } ({ $title }): { $phase }; uzávěrka { $deadline }.
mail-no-deadline = žádná
mail-no-orders-yet = od mocnosti { $power } zatím žádné rozkazy: její jednotky drží.
mail-no-phase = zatím nebyla odehrána žádná fáze.
mail-address-set = výsledky a upomínky teď chodí na { $address }.
mail-reminder-subject = { $title }: chybí rozkazy, uzávěrka { $deadline }
mail-reminder = Od { $powers } zatím nepřišly rozkazy pro { $phase } ve hře { $game } ({ $title }).
    Uzávěrka je { $deadline }; bez rozkazů jednotky drží.
mail-letter-subject = { $title }: zpráva od { $from }
mail-help =
    Příkazy (jeden na řádek; česky, anglicky, francouzsky nebo rusky):
      PŘIHLÁSIT <hra> <mocnost> <heslo>        nejdřív: kdo jste (heslo je na stránce hry)
      ROZKAZY a pod to rozkaz na řádek         váš list rozkazů (řádky bez příkazu jsou také rozkazy)
      ZPRÁVA PRO <mocnost>, ... KONEC ZPRÁVY   zpráva těmto mocnostem
      VŠEM ... KONEC ZPRÁVY                    zpráva všem mocnostem
      STAV                                     stav hry a vaše rozkazy
      HISTORIE                                 výsledky poslední fáze
      PŘIPRAVEN [NE]                           vaše rozkazy jsou konečné (nebo ne)
      REMÍZA [<mocnosti> | NE]                 hlas pro remízu, nebo jeho odvolání
      KAPITULACE <mocnost> | KAPITULACE NE     hlas pro přenechání vítězství, nebo jeho odvolání
      NASTAVIT ADRESU <adresa>                 kam chodí výsledky a upomínky
      UMÍSTIT A Par                            Escalation: umístit další jednotku, jste-li na tahu
      DOMOV Par, Bre, Spa                      Escalation: určit tři domovská centra
      ODHLÁSIT                                 zbytek e-mailu se nečte
mail-placed = { $power } umisťuje { $unit }; na tahu je { $next }.
mail-placement-over = { $power } umisťuje { $unit }: všechny jednotky jsou rozmístěny, čekají se jarní rozkazy.
mail-nominated = { $power } určuje { $homes } jako domovská centra (tajně, dokud je neurčí všichni; další DOMOV volbu nahradí).
mail-nominated-all = { $power } určuje { $homes } jako domovská centra: všichni určili, domovská centra platí.
mail-ignored = přeskočeno, není to rozkaz: { $text } ({ $why })
mail-too-large = Váš e-mail ({ $size }) je větší než { $limit }, které rozhodčí čte: nic z něj nebylo provedeno. Pošlete příkazy jako prostý text, bez příloh.
mail-too-many-lines = Váš e-mail má { $size } řádků; rozhodčí čte nejvýše { $limit } řádků: nic z něj nebylo provedeno.
mail-line-too-long = Řádek { $line } vašeho e-mailu je delší než { $limit } bajtů: nic z e-mailu nebylo provedeno.
mail-too-many-commands = Váš e-mail má víc než { $limit } příkazů: nic z něj nebylo provedeno. Pošlete je ve více e-mailech.
