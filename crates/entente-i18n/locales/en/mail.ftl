# The mail gateway's answers and mails (crates/entente-mail).
mail-line = line { $line }
mail-signed-on = signed on as { $power } in game { $game }.
mail-nothing-after = Nothing after it in this mail was carried out.
mail-signon-first = sign on first: SIGNON <game> <power> <mail password>; not carried out.
mail-nothing = Nothing to do in this mail.
mail-orders-for = orders for { $power }, { $phase }:
mail-not-understood = NOT UNDERSTOOD: { $why }
mail-will-not = will not be carried out: { $why }
mail-letter-sent = letter sent to { $to }.
mail-ready = ready.
mail-not-ready = not ready.
mail-draw-counted = draw vote counted.
mail-draw-withdrawn = draw vote withdrawn.
mail-concede-counted = vote to concede to { $power } counted.
mail-concede-withdrawn = concession vote withdrawn.
mail-game-over = The game is over: { $result }
mail-game-state = game { $game } ({ $title }): { $phase }; deadline { $deadline }.
mail-no-deadline = none
mail-no-orders-yet = no orders from { $power } yet: its units hold.
mail-no-phase = no phase has been played yet.
mail-address-set = results and reminders now go to { $address }.
mail-reminder-subject = { $title }: orders missing, deadline { $deadline }
mail-reminder = No orders from { $powers } yet for { $phase } in game { $game } ({ $title }).
    The deadline is { $deadline }; without orders the units hold.
mail-letter-subject = { $title }: letter from { $from }
mail-help =
    Commands (one a line; English, Czech, French or Russian words):
      SIGNON <game> <power> <mail password>   first: who you are (the password is on the game's page)
      ORDERS, then one order a line            your sheet (lines without a command are a sheet too)
      PRESS TO <power>, <power> ... ENDPRESS   a letter to those powers
      BROADCAST ... ENDPRESS                   a letter to every power
      LIST                                     the game's state and your orders
      HISTORY                                  the last phase's results
      READY [NO]                               your orders are final (or not)
      DRAW [<powers> | NO]                     vote for a draw, or withdraw the vote
      CONCEDE <power> | CONCEDE NO             vote to concede the game to a power, or withdraw
      SET ADDRESS <address>                    where results and reminders go
      PLACE A Par                              Escalation: place your next unit, in your turn
      HOME Par, Bre, Spa                       Escalation: nominate your three home centres
      SIGNOFF                                  the rest of the mail is not read
mail-placed = { $power } places { $unit }; next to place: { $next }.
mail-placement-over = { $power } places { $unit }: every unit is placed, Spring's orders are due.
mail-nominated = { $power } nominates { $homes } as its home centres (secret until every nomination is in; another HOME replaces it).
mail-nominated-all = { $power } nominates { $homes } as its home centres: every nomination is in, the homes are given.
mail-ignored = ignored, not an order: { $text } ({ $why })
mail-too-large = Your mail ({ $size }) is larger than the { $limit } the judge reads: nothing in it was carried out. Send your commands as plain text, without attachments.
mail-too-many-lines = Your mail has { $size } lines; the judge reads at most { $limit } lines: nothing in it was carried out.
mail-line-too-long = Line { $line } of your mail is longer than { $limit } bytes: nothing in the mail was carried out.
mail-too-many-commands = Your mail has more than { $limit } commands: nothing in it was carried out. Send them in several mails.
