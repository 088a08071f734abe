"""Issue 19: the club's variants through the Python package. Imperial (384 locations, more
than the 256 entente's ids once held) plays in `entente.Game` and `entente.Batch` alike, and
its Straits of Constantinople open to the owner of Constantinople only."""
import numpy as np

import entente

from test_batch import play_side_by_side


def test_imperial_starts_in_1861_with_thirteen_powers():
    g = entente.Game(map_name="imperial", seed=2)
    assert g.get_current_phase() == "S1861M"
    assert len(g.powers) == 13
    assert sorted(g.get_units("TURKEY")) == ["A CAI", "A CON", "A SOF", "F ANG/NC", "F BAG", "F CYP"]
    possible = {o for os in g.get_all_possible_orders().values() for o in os}
    assert "F ANG/NC - BLA" in possible


def test_the_owner_of_constantinople_crosses_the_strait():
    g = entente.Game(map_name="imperial", seed=2)
    g.set_orders("TURKEY", ["F ANG/NC - BLA"])
    g.process()
    assert "F BLA" in g.get_units("TURKEY")
    possible = g.get_all_possible_orders()
    # Turkey owns Constantinople: its fleet may go straight on into the Aegean.
    assert "F BLA - AEG" in possible["BLA"]
    g.set_orders("TURKEY", ["F BLA - AEG"])
    g.process()
    assert "F AEG" in g.get_units("TURKEY")


def test_another_powers_fleet_may_not_cross():
    g = entente.Game(map_name="imperial", seed=2)
    g.set_orders("RUSSIA", ["F SEV - BLA"])
    g.process()
    assert "F BLA" in g.get_units("RUSSIA")
    assert "F BLA - AEG" not in g.get_all_possible_orders()["BLA"]


def test_imperial_batch_matches_single_games():
    batch = play_side_by_side("imperial", 2, 6, seed=5)
    assert all(p.endswith("M") or p.endswith("R") or p.endswith("A") for p in batch.phases())
    ids = batch.legal_orders()
    assert ids.ndim == 2 and (ids >= 0).any()
    assert np.issubdtype(ids.dtype, np.integer)
