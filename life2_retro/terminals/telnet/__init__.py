"""A player at a telnet client across a network: the protocol as data (protocol.py), and the
terminal that listens for the player and keeps the game through a dropped connection."""
