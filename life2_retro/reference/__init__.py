"""The reference adapter: the original programs as reference data, and the oracles that run them.

The programs themselves are never part of the project. This package finds a
user's copy and checks it by its SHA-256, merges our own patch lines (kept in
the top-level `basic_reference/` folder, installed as data) over the listing,
and runs the result in PC-BASIC for the differential tests, `compare` and
`bench`.
"""
