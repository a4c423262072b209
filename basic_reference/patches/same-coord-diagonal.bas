same-coord-diagonal: when both players name one square, leave only that square empty.

The listing clears N(X+1,Y+1), the square diagonally below and right of the
one named, and kills any piece standing there. Neither player's move has been
placed yet, so the named square is empty already; clearing it is what the
message SET TO 0 promises.

741 N(X(B),Y(B))=0: B=99: RETURN
