"""Fixtures the terminal tests share."""

from __future__ import annotations

import pytest

from ..support.serialpty import FarEnd


@pytest.fixture
def far_end(tmp_path):
    """A serial line's far end: a pty behind a by-id style path, closed after the test."""
    end = FarEnd(tmp_path / "ttyTELETYPE")
    yield end
    end.close()
