"""A real teletype, or any terminal, on a serial line through pyserial: the line's settings, the
port that comes and goes, the line discipline, and the terminal that joins them."""
