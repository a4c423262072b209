blank-empty-squares: print an empty square as a dot, as the player instructions show it.

399 N(J,K)=0: PRINT " . ";: RETURN
