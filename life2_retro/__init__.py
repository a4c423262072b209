"""life2-retro: LIFE2 (Wyvill, 1978), faithful to the original listing line by line."""

__version__ = "0.1.0"
