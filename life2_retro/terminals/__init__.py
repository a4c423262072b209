"""Where bytes meet people; terminals know nothing of the rules."""
