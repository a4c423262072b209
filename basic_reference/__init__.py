"""The 1978 listing as reference data: finding and checking it, our patch lines, the PC-BASIC oracle."""
