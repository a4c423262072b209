"""What the exhibit's tests share: rigs, each an exhibit on a simulated clock, closed after the test."""

from __future__ import annotations

import pytest

from ..support.exhibitrig import Rig


@pytest.fixture
def rigs(tmp_path):
    """Makes rigs (the Rig's options as keywords), each in a folder of its own, and closes them."""
    made: list[Rig] = []

    def make(**options) -> Rig:
        rig = Rig(tmp_path / f"rig{len(made)}", **options)
        made.append(rig)
        return rig

    yield make
    for rig in made:
        rig.close()
