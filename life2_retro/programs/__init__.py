"""Games written line by line against the BASIC runtime; none does I/O of its own."""
