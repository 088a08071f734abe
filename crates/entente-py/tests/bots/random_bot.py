"""A random bot written for the `diplomacy` package: every power picks one of the possible
orders of each of its orderable locations. The tests run it as written and with its import
switched to `import entente as diplomacy`."""
import random

import diplomacy


def main(seed=0, last_year=1910):
    rng = random.Random(seed)
    game = diplomacy.Game()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= last_year:
        possible = game.get_all_possible_orders()
        for power_name, power in game.powers.items():
            locs = game.get_orderable_locations(power_name)
            orders = [rng.choice(possible[loc]) for loc in locs if possible[loc]]
            game.set_orders(power_name, orders)
        game.process()
    return {name: len(power.centers) for name, power in game.powers.items()}


if __name__ == "__main__":
    print(main())
