"""The 1978 BASIC semantics the programs rely on: PRINT, INPUT, numbers, the line machine."""
