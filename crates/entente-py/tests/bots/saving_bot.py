"""A random bot written for the `diplomacy` package that keeps its games as the package's
own guide suggests: each finished game appended to a JSON-lines file with
`diplomacy.utils.export`, then the file read back and every game in it checked. The tests
run it as written and with its imports switched to entente (`import entente as diplomacy`,
`from entente.utils.export import ...`)."""
import json
import random

import diplomacy
from diplomacy.utils.export import (
    is_valid_saved_game,
    load_saved_games_from_disk,
    to_saved_game_format,
)


def play(rng, last_year):
    game = diplomacy.Game()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= last_year:
        possible = game.get_all_possible_orders()
        for power_name in game.powers:
            locs = game.get_orderable_locations(power_name)
            game.set_orders(power_name, [rng.choice(possible[loc]) for loc in locs
                                         if possible[loc]])
        game.process()
    return game


def main(path, seed=0, games=2, last_year=1903):
    rng = random.Random(seed)
    played = []
    for _ in range(games):
        game = play(rng, last_year)
        to_saved_game_format(game, output_path=path)
        played.append(game.get_current_phase())
    loaded = load_saved_games_from_disk(path)
    with open(path) as f:
        valid = [is_valid_saved_game(json.loads(line)) for line in f]
    return played, [g.get_current_phase() for g in loaded], valid


if __name__ == "__main__":
    print(main("games.jsonl"))
