missing-line-800: give the final GOTO 800 its line, so the game ends cleanly.

800 END
