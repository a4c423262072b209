"""`python -m life2_retro` is `life2`."""

import sys

from .cli import main

sys.exit(main())
