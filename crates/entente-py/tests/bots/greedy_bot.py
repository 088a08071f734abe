"""A greedy supply-centre bot written for the `diplomacy` package: each unit moves to a
neighbouring supply centre its power does not own (read from `game.map`), else to a
neighbour closer to one, else holds; builds in its home centres, disbands what it must.
The tests run it as written and with its import switched to `import entente as
diplomacy`."""
import random
from collections import deque

import diplomacy


def distance_to_target(game_map, unit_type, loc, targets):
    """Moves from `loc` to the nearest of `targets` (provinces) for a unit of this type."""
    seen, queue = {loc}, deque([(loc, 0)])
    while queue:
        here, dist = queue.popleft()
        if here[:3] in targets:
            return dist
        for nxt in game_map.abut_list(here, incl_no_coast=True):
            nxt = nxt.upper()
            if nxt not in seen and game_map.abuts(unit_type, here, "-", nxt):
                seen.add(nxt)
                queue.append((nxt, dist + 1))
    return 99


def choose(game, power_name, rng):
    game_map = game.map
    power = game.get_power(power_name)
    possible = game.get_all_possible_orders()
    orders = []
    targets = {sc for sc in game_map.scs if sc not in power.centers}
    if game.phase_type == "A":
        for loc in game.get_orderable_locations(power_name):
            options = possible[loc]
            builds = [o for o in options if o.endswith(" B")]
            removes = [o for o in options if o.endswith(" D")]
            if builds:
                orders.append(sorted(builds)[0])
            elif removes:
                orders.append(removes[0])
        return orders
    for loc in game.get_orderable_locations(power_name):
        options = possible[loc]
        if not options:
            continue
        best, best_score = None, None
        for order in options:
            words = order.split()
            if game.phase_type == "M" and len(words) >= 4 and words[2] == "-":
                dest = words[3]
                score = distance_to_target(game_map, words[0], dest, targets)
            elif game.phase_type == "R" and words[2] == "R":
                score = distance_to_target(game_map, words[0], words[3], targets)
            else:
                score = 50
            score += rng.random() / 10
            if best_score is None or score < best_score:
                best, best_score = order, score
        orders.append(best)
    return orders


def main(seed=0, last_year=1910):
    rng = random.Random(seed)
    game = diplomacy.Game()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= last_year:
        for power_name in game.powers:
            game.set_orders(power_name, choose(game, power_name, rng))
        game.process()
    return {name: len(power.centers) for name, power in game.powers.items()}


if __name__ == "__main__":
    print(main())
