illegal-coords: keep each player's setup squares hidden; a square both chose stays empty.

Setup pieces are added to a square, not stored over it. Player 1's code is 3 and
player 2's is 30, so a square both players chose holds 33, which is not in the
table of survivors and births: the first board prints it empty. A player is
refused only a square that already holds at least their own code, so player 2
is no longer told where player 1's pieces are. After the setup P1 becomes 1:
any piece makes a square occupied again, as in the listing.
Line 721 keeps the setup out of the SAME COORD check, which would otherwise
compare player 2 with player 1's last setup piece and give it away.

540 N(X(B),Y(B))=N(X(B),Y(B))+P1: NEXT K1
543 P1=1
715 IF N(X(B),Y(B))>=P1 THEN 750
721 IF P1>1 THEN RETURN
