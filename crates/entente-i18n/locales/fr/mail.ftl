mail-line = ligne { $line }
mail-signed-on = connecté comme { $power } dans la partie { $game }.
mail-nothing-after = Rien de ce qui suit dans ce courrier n'a été exécuté.
mail-signon-first = connectez-vous d'abord : CONNEXION <partie> <puissance> <mot de passe> ; non exécuté.
mail-nothing = Rien à faire dans ce courrier.
mail-orders-for = ordres de { $power }, { $phase } :
mail-not-understood = NON COMPRIS : { $why }
mail-will-not = ne sera pas exécuté : { $why }
mail-letter-sent = lettre envoyée à { $to }.
mail-ready = prêt.
mail-not-ready = pas prêt.
mail-draw-counted = vote pour la nulle compté.
mail-draw-withdrawn = vote pour la nulle retiré.
mail-concede-counted = vote pour concéder à { $power } compté.
mail-concede-withdrawn = vote de concession retiré.
mail-game-over = La partie est finie : { $result }
mail-game-state = partie { $game } ({ $title }) : { $phase } ; date limite { $deadline }.
mail-no-deadline = aucune
mail-no-orders-yet = pas encore d'ordres de { $power } : ses unités tiennent.
mail-no-phase = aucune phase n'a encore été jouée.
mail-address-set = les résultats et rappels vont désormais à { $address }.
mail-reminder-subject = { $title } : ordres manquants, date limite { $deadline }
mail-reminder = Pas encore d'ordres de { $powers } pour { $phase } dans la partie { $game } ({ $title }).
    La date limite est { $deadline } ; sans ordres, les unités tiennent.
mail-letter-subject = { $title } : lettre de { $from }
mail-help =
    Commandes (une par ligne ; en français, anglais, tchèque ou russe) :
      CONNEXION <partie> <puissance> <mot de passe>   d'abord : qui vous êtes (le mot de passe est sur la page de la partie)
      ORDRES, puis un ordre par ligne                 votre feuille (les lignes sans commande sont aussi des ordres)
      MESSAGE À <puissance>, ... FIN                  une lettre à ces puissances
      À TOUS ... FIN                                  une lettre à toutes les puissances
      ÉTAT                                            l'état de la partie et vos ordres
      HISTORIQUE                                      les résultats de la dernière phase
      PRÊT [NON]                                      vos ordres sont définitifs (ou non)
      NULLE [<puissances> | NON]                      voter la nulle, ou retirer le vote
      CONCÉDER <puissance> | CONCÉDER NON             voter pour concéder la partie, ou retirer le vote
      ADRESSE <adresse>                               où vont les résultats et rappels
      PLACER A Par                             Escalation : placer votre prochaine unité, à votre tour
      ORIGINE Par, Bre, Spa                    Escalation : désigner vos trois centres d'origine
      DÉCONNEXION                                     la suite du courrier n'est pas lue
mail-placed = { $power } place { $unit } ; prochain à placer : { $next }.
mail-placement-over = { $power } place { $unit } : toutes les unités sont placées, les ordres du printemps sont attendus.
mail-nominated = { $power } désigne { $homes } comme centres d'origine (secret jusqu'à ce que toutes les désignations soient reçues ; un autre ORIGINE la remplace).
mail-nominated-all = { $power } désigne { $homes } comme centres d'origine : toutes les désignations sont reçues, les centres sont attribués.
mail-ignored = ignoré, ce n'est pas un ordre : { $text } ({ $why })
mail-too-large = Votre courrier ({ $size }) dépasse les { $limit } que lit l'arbitre : rien n'en a été exécuté. Envoyez vos commandes en texte simple, sans pièces jointes.
mail-too-many-lines = Votre courrier a { $size } lignes ; l'arbitre en lit au plus { $limit } : rien n'en a été exécuté.
mail-line-too-long = La ligne { $line } de votre courrier dépasse { $limit } octets : rien du courrier n'a été exécuté.
mail-too-many-commands = Votre courrier a plus de { $limit } commandes : rien n'en a été exécuté. Envoyez-les en plusieurs courriers.
